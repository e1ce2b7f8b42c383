"""Every reader (issue 46), in Chromium, beyond what axe and Lighthouse see:

- forced colours (Windows High Contrast and its kin, emulated, light and dark): in each stepped figure of
  the sample (below), at every step, the current line differs from every other line in what forced colours
  keep (a border, an outline, a background that stands out), and the lines already run differ from those to
  come in a border or outline, not in colour alone; every label of every graph on the page is 4.5:1 or more
  against its box, computed from the browser's computed styles, in forced and in ordinary colours;
- focus: no Tab stop lies under the sticky header, at 1280 and 412 px, on the sample;
- a screen reader through a stepped figure, read from Chromium's accessibility tree (CDP): after each
  "Next" a polite live region holds the step's sentence (its number, the line it runs, what the graph
  gained), in the page's language; the buttons are named by the step they lead to; the frame's SVG is
  an image named by its title and described by its desc;
- reduced motion: nothing on the page animates or transitions.

The sample: the page with the most stepped figures in both languages, how-it-works (both languages
where language matters) and en/errors (a long table). Forced colours: the pages with graphs that hold every
construct of their graphs and stepped figures between them.
"""

import json

import pytest

from docs_pipeline.pages import parse
from docs_pipeline.ui import texts
from tests.browser.chromium import figure_id
from tests.helpers import SITE, fail_if
from tests.site_loads import constructs, covering

WIDTHS = {1280: 900, 412: 823}  # a desktop, and Lighthouse's phone
ON_PAGE = {page: steps for page in SITE.pages() if (steps := parse(page).steps)}  # page source -> its figures' snippets
# the page with the most stepped figures (the first in order of the pages' paths), in each language
_MOST = [SITE.counterpart(max(ON_PAGE, key=lambda p: len(ON_PAGE[p])), lang) for lang in SITE.languages]
HOW = SITE.docs / "en/how-it-works.md"
GRAPHS = "figure.steps, figure.steps *, svg.autograd-graph, svg.autograd-graph *"  # what forced colours sample
STEPPED_SAMPLE = list(dict.fromkeys([*_MOST, SITE.counterpart(HOW), HOW]))
# Focus: the templates and the header are the same in both languages; the stepped page in Chinese.
FOCUS_SAMPLE = list(dict.fromkeys([_MOST[0], HOW, SITE.docs / "en/errors.md"]))


# ------------------------------------------------------------------------------------ forced colours

# Colours as the browser computed them, composited, and WCAG's contrast ratio between two of them.
_COLOUR = r"""
const rgba = (c) => {
    if (c === 'none' || c === 'transparent') return [0, 0, 0, 0];
    const m = /^rgba?\(([^)]*)\)$/.exec(c);
    if (!m) throw new Error('a colour this test cannot read: ' + c);
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
};
const over = (top, under) => {
    const a = top[3] + under[3] * (1 - top[3]);
    if (!a) return [0, 0, 0, 0];
    return [0, 1, 2].map(i => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a).concat([a]);
};
const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
};
// An element's opacity times its ancestors' (up to `stop`, exclusive, whose own product is `above`).
const opacity = (e, stop = null, above = 1) => { let o = above; for (; e && e !== stop; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
// What lies under an element: its ancestors' backgrounds, from the nearest opaque one down.
const backdrop = (e) => {
    const layers = [];
    for (let a = e.parentElement; a; a = a.parentElement) {
        const c = rgba(getComputedStyle(a).backgroundColor);
        layers.push(c);
        if (c[3] === 1) return layers.reverse().reduce((under, top) => over(top, under));
    }
    throw new Error('no opaque background under ' + e.tagName);
};
const painted = (e, svg, above) => {
    const s = getComputedStyle(e), c = rgba(s.fill);
    return [c[0], c[1], c[2], c[3] * Number(s.fillOpacity) * opacity(e, svg, above)];
};
"""

# Every label (SVG text) of every autograd graph on the page, the hidden frames' too: [problem].
_LABELS = f"""() => {{
{_COLOUR}
    const problems = [];
    let checked = 0;
    for (const svg of document.querySelectorAll('svg.autograd-graph')) {{
        const page = backdrop(svg), above = opacity(svg);
        const name = svg.getAttribute('aria-labelledby') || svg.closest('[id]')?.id;
        for (const text of svg.querySelectorAll('text')) {{
            const box = text.parentElement.querySelector(':scope > rect:not(.steps__halo)');
            const under = box ? over(painted(box, svg, above), page) : page;
            const ratio = contrast(over(painted(text, svg, above), under), under);
            checked++;
            if (ratio < 4.5) problems.push(`${{name}}: the label "${{text.textContent}}" is ${{ratio.toFixed(2)}}:1 against its box `
                + `(${{getComputedStyle(text).fill}}, opacity ${{opacity(text, svg, above).toFixed(2)}}, on ${{box ? getComputedStyle(box).fill : 'the page'}})`);
        }}
    }}
    if (!checked) problems.push('no graph label on the page');
    return problems;
}}"""

# In one stepped figure under forced colours, from the first step to the last: [problem]. A line's
# shape is its borders and outline where drawn (style and width: forced colours keep them, in the
# system's colours); its background counts where it stands out (3:1) from the others' once composited
# (forced colours keep a system colour, and an author's colour's alpha, on the system's background).
# Its text must read (4.5:1): on its background where it is drawn as written (forced-color-adjust:
# none), else on the backplate Chromium puts behind text, the system's background (the body's).
_LINES = f"""(figure) => {{
{_COLOUR}
    const drawn = (s, side) => s[side + 'Style'] === 'none' || parseFloat(s[side + 'Width']) === 0 ? '-' : s[side + 'Style'] + ' ' + s[side + 'Width'];
    const backplate = rgba(getComputedStyle(document.body).backgroundColor);
    const code = backdrop(figure.querySelector('.steps__line'));  // what lies under every line: the program's box
    const look = (line) => {{
        const s = getComputedStyle(line), background = over(rgba(s.backgroundColor), code);
        const under = s.forcedColorAdjust === 'none' ? background : backplate;
        return {{
            n: line.dataset.line, current: line.classList.contains('steps__line--current'), ran: line.classList.contains('steps__line--ran'),
            shape: ['borderTop', 'borderRight', 'borderBottom', 'borderLeft', 'outline'].map(side => drawn(s, side)).join(', '),
            background, text: contrast(over(rgba(s.color), under), under),
        }};
    }};
    const problems = [], next = figure.querySelector('.steps__next');
    const steps = figure.querySelectorAll('.steps__frame').length;
    for (let n = 1; n <= steps; n++) {{
        if (n > 1) next.click();
        const lines = [...figure.querySelectorAll('.steps__line')].map(look);
        const current = lines.filter(l => l.current);
        if (current.length !== 1) {{ problems.push(`step ${{n}}: ${{current.length}} current lines`); continue; }}
        const c = current[0];
        for (const l of lines.filter(l => l.text < 4.5))
            problems.push(`step ${{n}}: the text of line ${{l.n}}${{l.current ? ' (the current one)' : ''}} is ${{l.text.toFixed(2)}}:1 against its background`);
        const alike = lines.filter(l => l !== c && l.shape === c.shape && contrast(l.background, c.background) < 3);
        if (alike.length) problems.push(`step ${{n}}: the current line ${{c.n}} looks like line(s) ${{alike.map(l => l.n).join(', ')}}`
            + ` in forced colours (${{c.shape}})`);
        const pending = lines.filter(l => !l.current && !l.ran);
        for (const r of lines.filter(l => l.ran)) {{
            const same = pending.find(p => p.shape === r.shape);
            if (same) {{ problems.push(`step ${{n}}: line ${{r.n}} (run) and line ${{same.n}} (to come) differ at most in colour (${{r.shape}})`); break; }}
        }}
    }}
    return problems;
}}"""


def test_forced_colours_mark_the_current_line_and_every_label_reads(open_tab, built_pages, exhaustive):
    """In Playwright's emulation: forced colours, light and dark, and the ordinary palettes. On the pages with
    graphs (stepped figures or not) that hold every construct of them between them (site_loads.covering: the
    same stylesheet draws a construct alike on every page); with --exhaustive, on every one."""
    graphs = {page: constructs(doc, GRAPHS) for page, doc in built_pages.items() if doc.css_first(GRAPHS)}
    problems = []
    for page in graphs if exhaustive else covering(graphs, []):
        for forced in ("active", "none"):
            for scheme in ("light", "dark"):
                with open_tab(
                    page.removesuffix("index.html"), reduced_motion="reduce", forced_colors=forced, color_scheme=scheme
                ) as tab:
                    found = tab.evaluate(_LABELS)
                    if forced == "active":
                        for figure in tab.locator("figure.steps").all():
                            found += [f"#{figure.get_attribute('id')}: {p}" for p in figure.evaluate(_LINES)]
                problems += [f"{page}, forced colours {forced}, {scheme}: {p}" for p in found + tab.errors]
    fail_if(problems)


# ------------------------------------------------------------------------------------------- focus

# Where the focus is: null when nothing in the page has it; else a problem, or "" when it is clear of
# the sticky header (inside it, outside the window, or drawn over it: the skip link).
_FOCUS = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    if (!window.firstStop) window.firstStop = e;
    else if (e === window.firstStop) return 'round';
    const header = document.querySelector('.md-header');
    if (header.contains(e)) return '';
    const h = header.getBoundingClientRect(), r = e.getBoundingClientRect();
    const left = Math.max(r.left, h.left, 0), right = Math.min(r.right, h.right, innerWidth);
    const top = Math.max(r.top, h.top), bottom = Math.min(r.bottom, h.bottom);
    if (right - left < 1 || bottom - top < 1) return '';
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    if (hit && (hit === e || e.contains(hit))) return '';
    const text = (e.getAttribute('aria-label') || e.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
    return `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') || ''}"> "${text}": its top at ${r.top.toFixed(0)} px,`
        + ` the header's bottom at ${h.bottom.toFixed(0)} px (scrolled to ${scrollY.toFixed(0)})`;
}"""
MAX_STOPS = 1000


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("page", FOCUS_SAMPLE, ids=SITE.name)
def test_no_tab_stop_lies_under_the_sticky_header(page, width, open_tab):
    """Tab from the top of the page round to it again; at each stop the focused element is clear of the
    header (pages.css: scroll-padding-top; a11y.js: a Tab stop taller than the window shows its top)."""
    problems, stops, path = [], 0, SITE.url_of(page)
    with open_tab(path, viewport={"width": width, "height": WIDTHS[width]}, reduced_motion="reduce") as tab:
        for _ in range(MAX_STOPS):
            tab.keyboard.press("Tab")
            found = tab.evaluate(_FOCUS)
            if found == "round":
                break
            stops += found is not None
            if found:
                problems.append(f"Tab stop {stops}: {found}")
        else:
            problems.append(f"the focus did not come round to the first Tab stop in {MAX_STOPS} presses of Tab")
    if stops < 10:
        problems.append(f"only {stops} Tab stops: the page did not load as it should")
    problems += tab.errors
    fail_if(problems, f"{SITE.name(page)} ({path}) at {width} px, under the sticky header:")


# ----------------------------------------------------------------------------- a screen reader's walk


# What the figure shows for step n, whitespace collapsed: its sentence, its graph's description in
# words, and the program's line the step runs (the frame's data-line).
_SHOWN = """([figure, n]) => {
    const f = document.querySelector(figure), frame = f.querySelector(`.steps__frame[data-step="${n}"]`);
    const line = f.querySelector(`.steps__line[data-line="${frame.dataset.line}"]`);
    return [frame.querySelector('.steps__text'), frame.querySelector('desc'), line].map(e => e.textContent.trim().replace(/\\s+/g, ' '));
}"""


def _ax(cdp, selector):
    """The first element matching `selector` as its accessibility node says it: {role, name, description,
    its properties (live, atomic, ...), text (its StaticText descendants)}."""
    object_id = cdp.send("Runtime.evaluate", {"expression": f"document.querySelector({json.dumps(selector)})"})["result"].get(
        "objectId"
    )
    assert object_id, f"no element {selector}"
    node = cdp.send("Accessibility.getPartialAXTree", {"objectId": object_id, "fetchRelatives": False})["nodes"][0]
    text = cdp.send("Accessibility.queryAXTree", {"objectId": object_id, "role": "StaticText"})["nodes"]
    ax = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
    ax |= {key: node.get(key, {}).get("value", "") for key in ("role", "name", "description")}
    ax["text"] = " ".join("".join(t.get("name", {}).get("value", "") for t in text).split())
    return ax


@pytest.mark.parametrize("page", STEPPED_SAMPLE, ids=SITE.name)
def test_a_screen_reader_hears_each_step(page, open_tab):
    """Each figure on the page, "Next" clicked from the first step to the last: after each click the
    figure's polite, atomic live region holds the step's sentence (it starts with the step's number, in
    the page's language, and quotes the line it runs); Previous and Next are named by the step they
    lead to, or by their label alone where they lead nowhere; the frame shown is an image named
    "... after step n of N" and described by the graph in words. The page's <html lang>:
    tests/test_build.py::test_every_built_page."""
    problems, w = [], texts()[SITE.language_of(page)]["steps"]

    def button(which, to):  # of the figure stepped through, at its `total` steps
        return {
            "role": "button",
            "name": w["to_step"].format(label=w[which], n=to, total=total) if 1 <= to <= total else w[which],
        }

    with open_tab(SITE.url_of(page), reduced_motion="reduce") as tab:
        cdp = tab.context.new_cdp_session(tab)
        cdp.send("Accessibility.enable")
        for figure in map(figure_id, ON_PAGE[page]):
            total = tab.locator(f"{figure} .steps__frame").count()
            for n in range(1, total + 1):
                if n > 1:
                    tab.locator(f"{figure} .steps__next").click()
                said, desc, line = tab.evaluate(_SHOWN, [figure, n])
                if line not in said:
                    problems.append(f"{figure}, step {n}: the sentence does not quote the line it runs ({line}): {said}")
                heard = {  # the live region, Previous, Next, the graph: what each must say
                    ".steps__live": {"live": "polite", "atomic": True, "text": said},
                    ".steps__prev": button("prev", n - 1),
                    ".steps__next": button("next", n + 1),
                    ".steps__frame--current svg": {
                        "role": "image",
                        "name": w["alt"].format(n=n, total=total),
                        "description": desc,
                    },
                }
                for element, want in heard.items():
                    ax = _ax(cdp, f"{figure} {element}")
                    if (got := {key: ax.get(key) for key in want}) != want:
                        problems.append(f"{figure} {element}, step {n} of {total}: says\n      {got!r}\n    not\n      {want!r}")
    problems += tab.errors
    fail_if(problems, f"{SITE.name(page)} ({SITE.url_of(page)}):")


# ------------------------------------------------------------------------------------------ motion

# Every element and pseudo-element whose animation or transition takes any time: [description].
_MOVING = """() => {
    const seconds = (list) => list.split(',').map(v => parseFloat(v) * (v.trim().endsWith('ms') ? 0.001 : 1));
    const moving = [];
    for (const e of document.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
            const s = getComputedStyle(e, pseudo);
            const animated = s.animationName !== 'none' && seconds(s.animationDuration).some(t => t > 0);
            const transition = seconds(s.transitionDuration).some(t => t > 0) && s.transitionProperty !== 'none';
            if (animated || transition || s.scrollBehavior === 'smooth')
                moving.push(`<${e.tagName.toLowerCase()} class="${e.getAttribute('class') || ''}">${pseudo || ''}: `
                    + (animated ? `animation ${s.animationName} ${s.animationDuration}` : transition ? `transition ${s.transitionProperty} ${s.transitionDuration}` : 'smooth scrolling'));
        }
    }
    return moving;
}"""


def test_with_reduced_motion_nothing_moves(open_tab):
    """How-it-works, with a stepped figure, code annotations and collapsibles, at a phone's width (the
    drawer) and a desktop's: under prefers-reduced-motion nothing animates, transitions or scrolls
    smoothly (pages.css), after stepping a figure on. Without the preference the figure's new nodes
    fade in: tests/browser/test_browser_steps.py."""
    problems = []
    for width, height in WIDTHS.items():
        with open_tab(SITE.url_of(HOW), reduced_motion="reduce", viewport={"width": width, "height": height}) as tab:
            for _ in range(3):
                tab.locator(f"{figure_id(ON_PAGE[HOW][0])} .steps__next").click()
            problems += [f"at {width} px: {m}" for m in tab.evaluate(_MOVING)]
        problems += tab.errors
    fail_if(problems[:40], f"{SITE.url_of(HOW)}, with prefers-reduced-motion: reduce, still moving:")
