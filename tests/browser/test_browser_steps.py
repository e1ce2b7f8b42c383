"""Stepped figures in Chromium, each once (the languages taking turns, and the light and dark palettes):
buttons and ←/→ step through it, the visible frame, the highlighted line and the live text follow; axe
finds nothing in a figure at its first and last frame (every rule, no exclusion; in every frame in
between only the frame shown changes, from the same stylesheet); no console error; at 360 px every
figure fits and stacks. On how-it-works: without JavaScript every frame is shown; motion only without
prefers-reduced-motion.
"""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe

from docs_pipeline.steps import declared, load
from docs_pipeline.ui import texts
from tests.browser.chromium import figure_id
from tests.helpers import SITE

PAGE, SNIPPET = "en/how-it-works/", "how_it_works/grad_basics"
FIGURE = figure_id(SNIPPET)
PHONE = {"width": 360, "height": 740}
# What the reader sees of one figure: its height, the visible frames' numbers, the highlighted line,
# the live text, whether the controls show and whether the figure has the focus.
_SEEN = """(f) => {
    const line = f.querySelector('.steps__line--current');
    return {
        id: f.id,
        height: f.getBoundingClientRect().height,
        visible: [...f.querySelectorAll('.steps__frame')].filter(e => e.offsetParent !== null).map(e => Number(e.dataset.step)),
        line: line ? Number(line.dataset.line) : null,
        live: f.querySelector('.steps__live').textContent,
        controls: f.querySelector('.steps__controls').offsetParent !== null,
        focus: document.activeElement === f,
    };
}"""


# Parsing only adds nodes; a script that rewrites a live region removes what was there.
_COUNT_LIVE_REWRITES = """
window.liveRewrites = 0;
new MutationObserver((records) => {
    for (const r of records) if (r.removedNodes.length && r.target.closest && r.target.closest('.steps__live')) window.liveRewrites++;
}).observe(document, {childList: true, subtree: true});
"""
# Where each figure on the page sits at a phone's width.
_BOXES = """() => [...document.querySelectorAll('figure.steps')].map(f => {
    const code = f.querySelector('.steps__code').getBoundingClientRect();
    const svg = f.querySelector('.steps__frame--current svg');
    const graph = svg.getBoundingClientRect();
    const canvas = svg.parentElement;
    return {id: f.id, page: document.documentElement.scrollWidth, width: window.innerWidth,
            figure: f.getBoundingClientRect().right, code_bottom: code.bottom, graph_top: graph.top,
            canvas_right: canvas.getBoundingClientRect().right, scale: graph.width / svg.viewBox.baseVal.width,
            scrolls: canvas.scrollWidth > canvas.clientWidth, focusable: canvas.tabIndex === 0};
})"""

# Each figure once, the languages taking turns, and the palettes every other pair: stepping is the same
# script in both languages, and a figure's code and graph are the same in both (its sentences wrap); the
# dark palette recolours every figure alike (the same stylesheet and classes).
STEPPED = declared()  # snippet -> the pages that show it
ONCE = [(snippet, SITE.languages[i % 2], ("light", "dark")[i // 2 % 2]) for i, snippet in enumerate(sorted(STEPPED))]
FIGURES = f"() => [...document.querySelectorAll('figure.steps')].map({_SEEN})"  # every figure on the page as _SEEN


@pytest.mark.parametrize("snippet,lang,scheme", ONCE)
def test_stepping_and_at_360px(open_tab, snippet, lang, scheme):
    """The markup is the first step (steps.css with the .steps-js class from <head>): loaded at 360 px,
    where the sentences wrap most, the page's figures sit as they do without steps.js, and its live
    regions are left as they are (a screen reader announces nothing as the page loads). Buttons and
    ←/→ step through the figure, the frame, highlighted line and live text following, the figure
    keeping the focus; axe at its first and last frame. Back at 360 px, each figure on the page fits
    and stacks. One context for all but the page without steps.js."""
    frames, selector = load(snippet)[1], figure_id(snippet)
    total, ui = len(frames), texts()[lang]["steps"]
    path = SITE.url_of(min(p for p in map(SITE.root.joinpath, STEPPED[snippet]) if SITE.language_of(p) == lang))
    with open_tab(viewport=PHONE, color_scheme=scheme) as tab:
        tab.route("**/steps.js", lambda route: route.abort())
        tab.goto(path)
        before = tab.evaluate(FIGURES)
    assert before and all(f["visible"] == [1] and f["controls"] for f in before), before
    # with reduced motion, no fade: axe reads the colours as they stay
    with open_tab(viewport=PHONE, color_scheme=scheme, reduced_motion="reduce") as tab:
        tab.add_init_script(_COUNT_LIVE_REWRITES)
        tab.goto(path)
        assert tab.evaluate(FIGURES) == before, "steps.js moves the figures as it starts"
        assert tab.evaluate("window.liveRewrites") == 0, "steps.js rewrote a live region as the page loaded"
        tab.set_viewport_size({"width": 1280, "height": 900})
        figure = tab.locator(selector)

        def shows(n):
            state = figure.evaluate(_SEEN)
            assert state["visible"] == [n] and state["line"] == frames[n - 1].line, state
            assert state["live"].startswith(ui["step"].format(n=n, total=total)), state
            return state

        shows(1)
        if total > 1:
            figure.get_by_role("button", name=ui["next"]).click()
            shows(2)
        figure.focus()
        for _ in range(3):  # back to the first frame, where ← stays
            tab.keyboard.press("ArrowLeft")
        assert figure.locator(".steps__prev").get_attribute("aria-disabled") == "true"
        violations = []
        for n in range(1, total + 1):
            if n > 1:
                tab.keyboard.press("ArrowRight")
            assert shows(n)["focus"], "the figure lost the focus"
            if n in {1, total}:
                found = Axe().run(tab, context={"include": [[selector]]}, options={"resultTypes": ["violations"]})
                violations += [(n, v["id"], [node["target"] for node in v["nodes"]]) for v in found.response["violations"]]
        assert figure.locator(".steps__next").get_attribute("aria-disabled") == "true"
        assert not violations, json.dumps(violations, indent=1)
        tab.set_viewport_size(PHONE)
        for box in tab.evaluate(_BOXES):
            assert max(box["page"], box["figure"], box["canvas_right"]) <= box["width"], (
                f"the page, the figure or its graph's box is wider than the window at 360 px: {box}"
            )
            assert box["graph_top"] >= box["code_bottom"], f"code and graph do not stack at 360 px: {box}"
            assert box["scale"] >= 0.59, f"the graph is drawn at {box['scale']:.2f} of its size: too small to read: {box}"
            assert box["focusable"] or not box["scrolls"], f"the graph scrolls sideways in a box that takes no focus: {box}"
        assert not tab.errors, tab.errors


def test_without_javascript_every_frame_is_shown(open_tab):
    """Every frame and no controls. That each frame has its sentence, starting with its step's label, in both
    languages, the markup shows without a browser: tests/test_steps.py."""
    with open_tab(PAGE, java_script_enabled=False) as tab:
        state = tab.locator(FIGURE).evaluate(_SEEN)
        assert not tab.errors, tab.errors
    assert state["visible"] == list(range(1, len(load(SNIPPET)[1]) + 1)) and not state["controls"], state


def test_with_motion_new_nodes_fade_in(open_tab):
    """Without prefers-reduced-motion the new nodes of a step fade in (with it nothing moves:
    tests/browser/test_browser_a11y.py)."""
    with open_tab(PAGE) as tab:
        tab.locator(FIGURE).focus()
        for _ in range(2):  # to step 3: new nodes appear
            tab.keyboard.press("ArrowRight")
        animations = tab.locator(f"{FIGURE} .steps__frame--current .steps__new").evaluate_all(
            "news => news.map(e => getComputedStyle(e).animationName)"
        )
        assert not tab.errors, tab.errors
    assert animations and set(animations) == {"steps-appear"}, animations
