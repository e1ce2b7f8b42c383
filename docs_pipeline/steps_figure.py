"""The stepped figure's markup, drawn from the stored frames: the program (each line marked with its
number, for the current-line highlight), an ordered list of frames (each a sentence in the page's
language and an SVG of the graph after that step, named and described), buttons named by the step
they lead to, and a live region. Nodes keep their place from frame to frame: one layout for every
node any frame shows.
"""

import ast
import re
from html import escape
from pathlib import Path

import autocorrect_py

from .graphs import Layout, spoken, svg
from .pages import SECTION_MARKER, without_annotation
from .steps import load
from .ui import texts as ui_texts

WIDE = 440  # a graph wider than this gets the figure's whole width, the program above it (steps.css)
MIN_SCALE = 0.6  # of its size, a wide graph's least (its box scrolls sideways on a phone)


def _tidy(text, w):
    """The text as the language's typography wants it (zh: no space beside full-width punctuation)."""
    return autocorrect_py.format_for(text, "text.html") if w.get("tidy") else text


def _code(text):
    return f"<code>{escape(text)}</code>"


def _listed(items, w):
    return w["list"].join(items[:-1]) + w["and"] + items[-1] if len(items) > 1 else "".join(items)


class Program:
    """The snippet's lines as the page shows them (annotation markers removed) and their functions."""

    def __init__(self, path):
        text = path.read_text(encoding="utf-8")
        self.lines = [without_annotation(line) for line in text.splitlines()]
        self.function_of = {  # line -> the function it is in; nested functions come later in the walk: innermost wins
            line: node.name
            for node in ast.walk(ast.parse(text))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            for line in range(node.lineno + 1, node.end_lineno + 1)
        }

    def source(self, line):
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""


def sentence(frame, program, w):
    """The step's sentence, HTML, in the page's language, and, for a screen reader, the line it runs where the
    sentence does not quote it (a backward step's): the highlight shows it to the eye (steps.css hides it from sight)."""
    f, code = frame.facts, _code(program.source(frame.line))

    def say(key, **values):
        return w[key].format(**values)

    match frame.kind:
        case "forward":
            parts = []
            if f.leaves:
                parts.append(say("leaves", names=_listed(f.leaves, w)) + ("" if f.recorded else w["nothing_yet"]))
            if f.recorded:
                parts.append(say("recorded", names=_listed(f.recorded, w)))
                if f.accumulators:
                    many = "accumulators" if len(f.accumulators) > 1 else "accumulator"
                    parts[-1] += w["join"] + say(many, names=_listed(f.accumulators, w))
            parts += [say(key, name=name, detail=detail) for key in ("named", "grads") for name, detail in getattr(f, key)]
            if f.dropped:
                parts.append(say("dropped", n=f.dropped))
            fn = program.function_of.get(frame.line)
            text = say("sentence", code=code, where=say("in", fn=fn) if fn else "", parts=w["parts_join"].join(parts))
        case "accumulate":
            text = say(
                "acc_many" if len(f.sources) > 1 else "acc_one",
                n=len(f.sources),
                node=say("acc_of", leaf=f.leaf),
                terms=" + ".join(say("term", value=v, source=s) for s, v in f.sources),
                value=f.received,
                leaf=f.leaf,
                grad=f.grad,
            )
        case "backward":
            sent = [say("item", value=v, target=say("acc_of", leaf=leaf) if leaf else t) for t, leaf, v in f.sent]
            items = w["sent_join"].join(sent) if w["sent_join"] else _listed(sent, w)
            text = say("receives", node=f.node, value=f.received)
            text += (w["join"] + say("passes", items=items) if sent else w["passes_none"]) + w["end"]
        case "done":
            text = say("done", code=code, grads=w["join"].join(f"{name}.grad = {value}" for name, value in f.grads))
        case "raised":
            text = say("raised_at" if f.node else "raised", node=f.node, code=code, error=f.error, message=escape(f.message))
        case "compile":
            text = say(
                "compile",
                call=_code(program.source(frame.ran[0])),
                k=f.graph,
                n=f.graphs,
                made=_listed([say("made", name=a, op=b, target=c) for a, b, c in f.made], w),
                lines=_listed([_code(program.source(line)) for line in frame.ran[1:] or [frame.line]], w),
            )
        case "break":
            text = say("break", code=code, fn=f.function, reason=escape(f.reason), k=f.graph)
    if program.source(frame.line) and code not in text:
        text += f'<span class="steps__said">{say("said", code=code)}</span>'
    return text


def caption(frames, file, w):
    told = []
    for f in frames:
        # a line that changes gradients only: a backward pass written in Python (a tiny engine's)
        grads_only = f.kind == "forward" and f.facts.grads and not (f.facts.leaves or f.facts.recorded or f.facts.named)
        told.append("backward" if f.kind in ("accumulate", "done", "raised") or grads_only else f.kind)
    parts = [w["parts"][kind].format(n=told.count(kind)) for kind in ("forward", "backward", "compile") if kind in told]
    arrows = w["arrows_compile" if "compile" in told else "arrows_autograd"]
    return w["caption"].format(file=_code(file), parts=w["join"].join(parts)) + " " + arrows  # zh: _tidy drops the space


def figure(snippet, lang, root):
    """The HTML of the stepped figure of snippets/<snippet>.py in language `lang` (one block, no blank line)."""
    w = ui_texts()[lang]["steps"]
    file, frames = load(snippet, root)
    for frame in frames:
        for node in frame.nodes:
            if node.kind == "break":
                node.name = w["break_label"]
    program = Program(root / file)
    layout = Layout([(f.nodes, f.edges) for f in frames])
    width = layout.size[0]
    least = f' style="min-width:{width * MIN_SCALE:.0f}px"' if width > WIDE else ""
    base, total = f"steps-{re.sub('[/_]', '-', snippet)}", len(frames)
    # The markup is in the first step's state, which steps.css shows only with JavaScript: nothing
    # moves when steps.js starts, and the other frames are never laid out. Line classes as steps.js sets them.
    mark = dict.fromkeys(frames[0].ran, ' class="steps__line steps__line--ran"')
    mark[frames[0].line] = ' class="steps__line steps__line--current" aria-current="step"'
    pending = ' class="steps__line"'
    code = "".join(
        f'<span{mark.get(n, pending)} data-line="{n}">{escape(line)}\n</span>'
        for n, line in enumerate(program.lines, 1)
        if not SECTION_MARKER.search(line)  # as the page shows the program
    )
    texts = [_tidy(w["step"].format(n=n, total=total) + sentence(frame, program, w), w) for n, frame in enumerate(frames, 1)]
    scroll = ' tabindex="0"' if least else ""  # a graph that may scroll sideways takes the focus (axe)
    items = []
    for n, frame in enumerate(frames, 1):
        graph = svg(
            frame.nodes,
            frame.edges,
            layout,
            f"{base}-{n}",
            _tidy(w["alt"].format(n=n, total=total), w),  # short: the graph in words is its description
            "autograd-graph steps__graph",
            frame.new,
            frame.current,
            attrs=least,
            desc=spoken(frame.nodes, frame.edges),
        )
        items.append(
            f'<li class="steps__frame{" steps__frame--current" if n == 1 else ""}" data-step="{n}" data-kind="{frame.kind}"'
            f' data-line="{frame.line}" data-ran="{" ".join(map(str, frame.ran))}">'
            f'<p class="steps__text">{texts[n - 1]}</p>\n<div class="steps__canvas"{scroll}>\n{graph}\n</div></li>'
        )

    def button(which, key, arrows, to):
        """A button named by the step it leads to ("Next (step 2 of 9)"), or by its label alone where it leads
        nowhere (aria-disabled); data-to is the name steps.js gives it on each step, {n} the step."""
        label = w[which]
        named = _tidy(w["to_step"].format(label=label, n="{n}", total=total), w)
        name = named.replace("{n}", str(to)) if to else label
        return (
            f'<button type="button" class="steps__button steps__{which}" aria-keyshortcuts="{key}" aria-disabled="{str(not to).lower()}"'
            f' aria-label="{escape(name)}" data-label="{escape(label)}" data-to="{escape(named)}">{arrows.format(label)}</button>'
        )

    # the live region holds the first step's sentence, left as it is by steps.js (nothing announced at load).
    # Out of search: the program is on the page, and the steps repeat it; the list of frames is excluded itself
    # too: Material's search parser tracks excluded elements by tag name, so the first frame's inner </div>
    # would end the exclusion of steps__panes and leave the frames half-indexed.
    frames_html = "\n".join(items)
    controls = button("prev", "ArrowLeft", "← {}", None) + button("next", "ArrowRight", "{} →", 2 if total > 1 else None)
    return f"""<figure class="steps{" steps--wide" if least else ""}" id="{base}">
<figcaption>{_tidy(caption(frames, Path(file).name, w), w)}</figcaption>
<div class="steps__controls">{controls}</div>
<p class="steps__live" aria-live="polite" aria-atomic="true" data-search-exclude>{texts[0]}</p>
<div class="steps__panes" data-search-exclude>
<pre class="steps__code" tabindex="0" data-search-exclude>{code}</pre>
<ol class="steps__frames" data-search-exclude>
{frames_html}
</ol>
</div>
</figure>"""
