"""pymdownx.highlight with each code block highlighted once per process: mkdocs.yml names
`CachedHighlight` among the Markdown extensions in its place. `mkdocs serve` renders every page of both
languages again on each save, and Pygments was a quarter of that, on code that had not changed (the two
languages also show the same code). pymdownx.superfences asks the highlight extension for its
highlighter class; this one writes the same HTML, kept by the highlighter's settings and the call."""

from pymdownx.highlight import Highlight, HighlightExtension

HIGHLIGHTED = {}  # {a call: its HTML}; a session's saves add kilobytes


class CachedHighlight(HighlightExtension):
    def get_pymdownx_highlighter(self):
        return _Highlighter


class _Highlighter(Highlight):
    def highlight(self, *args, **kwargs):
        if kwargs.get("inline") or self.title_mode == "html":  # an element, or a title stashed in `md`
            return super().highlight(*args, **kwargs)
        key = repr((vars(self) | {"md": None}, args, kwargs))  # the settings, not the page's Markdown
        if key not in HIGHLIGHTED:
            HIGHLIGHTED[key] = super().highlight(*args, **kwargs)
        return HIGHLIGHTED[key]
