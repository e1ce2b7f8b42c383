"""The MkDocs side of the site, as one plugin (mkdocs.yml: `docs-pipeline`, last in `plugins:`) and the
macros' entry point for mkdocs-macros (`modules:`). With docs_pipeline/engine.py (mkdocs.yml read), the
only module that imports MkDocs and its plugins; what the site publishes comes from the modules it
calls, the changes to rendered HTML from docs_pipeline/page_html.py. The i18n plugin builds each
language with this same instance, the default language first; `mkdocs serve` keeps it between reloads.

- Notebooks: each page's notebook as a page, <lang>/notebooks/<page>/, rendered by mkdocs-jupyter
  with its .ipynb beside it (the download). `mkdocs build` executes them; `mkdocs serve` shows them
  unexecuted, so a saved snippet reloads in seconds. Out of the nav and search (they repeat their
  page), in the sitemap and language switcher, which the i18n plugin does not fill for them.
- Reloads: plain `mkdocs serve` restarts itself as `mkdocs serve --dirty` (./dev serve's command); a reload
  rebuilds the pages whose sources changed since the last build, both languages' (on_files); a page added or
  removed, the whole site, into an emptied folder.
- Page notes: `page_links` for overrides/partials/page-notes.html, with the page's reading time
  (docs_pipeline/reading.py, counted on the Markdown the macros rendered) and the notebook's
  exercise version beside it. A page's source is published with the site under _sources/.
- Glossary links: each term's first use in a page's prose links to its row (docs_pipeline/glossary.py).
- Two languages as one site. Search: the i18n plugin merges both languages into one index at the
  root; after the last build it is split, the default language's at search/, every other one's at
  <lang>/search/, where overrides/partials/theme-config.html points its search. 404 pages: GitHub
  Pages answers every missing path with the root 404.html, the default language's, which speaks both
  languages and links path-absolutely (overrides/404.html); each other language gets <lang>/404.html
  with its lang. Their language switchers lead to the home pages.
- Code blocks out of the search index, and Pygments' spans that change nothing on screen taken out
  (docs_pipeline/page_html.py).
- Templates: docs_pipeline/ui.toml as `ui`, the default language as `default_language`; the
  compiled templates of the theme and of nbconvert kept in the project's cache folder (every build makes a new
  Jinja environment, nbconvert one per notebook render; the bytecode cache keys each template on its source).
- Glossary links and HTML adjustments made once per process for each input: `mkdocs serve` rebuilds
  both languages on each save (code blocks: docs_pipeline/highlight.py).
- Quiet: a build prints what an author must act on, not the plugins' progress (mkdocs-macros and
  mkdocs-static-i18n at INFO once per language, mkdocs-jupyter per notebook, jieba as it loads its
  dictionary). Their warnings and errors still show.
"""

import json
import logging
import os
import shutil
import sys
import time
from functools import lru_cache, partial
from pathlib import Path

import jinja2
import jinja2.ext
import nbformat
from mkdocs.config import config_options
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, InclusionLevel
from mkdocs.structure.toc import get_toc
from nbconvert.exporters.templateexporter import JINJA_EXTENSIONS

from .glossary import link_first_uses
from .glossary import load as load_glossary
from .macros import SITE_WIDE, num, page_functions, torch_version
from .notebook_runs import execute
from .notebooks import NotebookError, exercise_file_name, notebook_url, page_notebooks
from .page_html import notebook_html, page_html
from .page_notes import page_notes, source_url
from .pages import parse, split_target
from .reading import count
from .rules import rules_pages
from .site import kept, layout, load, rendered_cache, renderers, snippet_file, store
from .steps import steps_path
from .ui import texts
from .values import values_path

page_html, link_first_uses = lru_cache(maxsize=256)(page_html), lru_cache(maxsize=256)(link_first_uses)
log = logging.getLogger("mkdocs.plugins.docs_pipeline")
CHATTY = (
    "mkdocs.plugins.mkdocs_macros",
    "mkdocs.plugins.mkdocs_static_i18n",
    "mkdocs.plugins.mkdocs_jupyter",
    "mkdocs.mkdocs-jupyter",
    "jieba",
)
GLOSSARY_PAGE = "glossary"


class NotebookPage(File):
    """A generated .ipynb as a documentation page. It is added after the i18n plugin (-100) rebuilt the
    file list, too late for mkdocs-jupyter's own wrapper (at 0), and an .ipynb is otherwise an asset. Its
    `notebook`: the PageNotebook it shows."""

    def is_documentation_page(self):
        return True


class _KeptTemplates(jinja2.ext.Extension):
    """Templates compiled once, kept in the project's cache folder: each build makes a new Jinja environment for
    the theme, and nbconvert one for every notebook it renders (compiling took most of a render's time)."""

    def __init__(self, environment):
        super().__init__(environment)
        cache = rendered_cache("jinja")
        cache.mkdir(parents=True, exist_ok=True)
        environment.bytecode_cache = jinja2.FileSystemBytecodeCache(str(cache))


class Pipeline(BasePlugin):
    restart = False  # on_startup
    config_scheme = (("kernels", config_options.Type(bool, default=True)),)  # mkdocs.yml; notebook_runs.execute

    def on_startup(self, *, command, dirty):  # once per process: `mkdocs serve` keeps this instance
        self.restart = command == "serve" and not dirty and sys.argv[1:2] == ["serve"]  # plain `mkdocs serve`: on_config
        if _KeptTemplates not in JINJA_EXTENSIONS:
            JINJA_EXTENSIONS.append(_KeptTemplates)
        for name in CHATTY:
            logging.getLogger(name).setLevel(logging.WARNING)
        self.execute = command != "serve"  # the notebooks: mkdocs build runs them, mkdocs serve does not
        self.dirty, self.built = dirty, 0.0  # mkdocs serve --dirty (./dev serve): when the last whole build started
        self.search = {}  # {language: its search index's entries}, as the last build wrote them
        if dirty:  # MkDocs warns of a dirty build's stale pages at each one, failing it under `strict`: none are
            logging.getLogger("mkdocs.commands.build").addFilter(lambda record: "'dirty' build" not in record.getMessage())
        if not self.execute:
            log.info("mkdocs serve shows the notebooks without running them; mkdocs build executes them")

    def on_config(self, config):
        if self.restart:  # plain `mkdocs serve` runs as `mkdocs serve --dirty`, whose reloads on_files keeps exact
            log.info("mkdocs serve: restarting as mkdocs serve --dirty, to rebuild only what an edit changes")
            os.rmdir(config.site_dir)  # serve's own empty folder: the new process makes its own
            os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:], "--dirty"])  # the i18n plugin reads sys.argv

    @event_priority(-110)  # after the i18n plugin (-100) has rebuilt this language's file list
    def on_files(self, files, *, config):
        site, lang = layout(), config.theme["language"]  # the i18n plugin sets it for each language's build
        if lang == site.default:  # the first language's build starts the whole build, making (and running) every notebook
            self.started, self.terms = time.time(), tuple(load_glossary())  # hashable: link_first_uses is cached
            # a page added or removed since the last build that ended: every page, into an emptied folder, as plain
            # serve builds them, leaves none behind (a build that fails is tried whole again)
            self.building = set(site.pages())
            self.whole = bool(self.dirty and self.built and self.building != self.pages)
            if self.whole:
                shutil.rmtree(config.site_dir, ignore_errors=True)
                self.search = {}
            # the search entries of this build alone (on_post_build merges a reload's with the last build's): the i18n
            # plugin and Material's search would each add them to all those of mkdocs serve's earlier builds
            config.plugins["i18n"].search_entries.clear()
            config.plugins["material/search"].search_index_prev = None
            try:
                self.notebooks = page_notebooks(site)
                if self.execute:
                    execute([nb for nbs in self.notebooks.values() for nb in nbs], site, self.config["kernels"])
            except NotebookError as exc:
                raise PluginError(str(exc)) from exc
        for nb in self.notebooks[lang]:
            url = notebook_url(nb.page, site)
            file = NotebookPage(
                f"notebooks/{lang}/{site.page_name(nb.page)}/{nb.file_name}",
                f"{site.root}/.cache",
                config.site_dir,
                True,
                dest_uri=f"{url}index.html",
                inclusion=InclusionLevel.NOT_IN_NAV,
            )
            file.notebook = nb
            _write(Path(file.abs_src_path), nbformat.writes(nb.notebook))  # unchanged, a dirty build skips it
            files.append(file)
            files.append(
                File.generated(config, f"{url}{exercise_file_name(nb.page, site)}", content=nbformat.writes(nb.exercises))
            )
        for page in site.pages(lang):
            files.append(File.generated(config, source_url(page), content=page.read_text(encoding="utf-8")))
        if self.dirty and self.built:  # a reload: rebuild the pages whose sources changed since the last build
            # docs_pipeline/'s own files: not the bytecode Python writes into its __pycache__/ as the build imports
            watched = [site.root / "mkdocs.yml", *site.root.glob("docs_pipeline/*"), *site.root.glob("overrides/**/*")]
            everything = self.whole or max(map(_mtime, watched)) > self.built
            for file in files.documentation_pages():
                # a notebook page keeps File.is_modified (its .ipynb is rewritten when its code or text changes)
                # unless the site's own files changed
                if everything or not isinstance(file, NotebookPage):
                    changed = everything or max(map(_mtime, _sources(Path(file.abs_src_path)))) > _mtime(file.abs_dest_path)
                    file.is_modified = lambda changed=changed: changed
        return files

    @event_priority(-10)  # after mkdocs-jupyter has given a notebook page its render
    def on_pre_page(self, page, *, config, files):
        if isinstance(page.file, NotebookPage):
            page.render = partial(_kept_render, page, page.render)
        return page

    def on_env(self, env, *, config, files):
        _KeptTemplates(env)
        env.globals.update(ui=texts(), default_language=layout().default)
        return env

    def on_page_markdown(self, markdown, *, page, config, files):
        """The page's reading time, and each glossary term's first use linked to its entry (the macros have
        run: this plugin is the last)."""
        if isinstance(page.file, NotebookPage):
            return markdown
        site, lang = layout(), config.theme["language"]
        name = site.page_name(Path(page.file.abs_src_path))
        page.meta["reading_minutes"] = count(markdown, lang, site.root).minutes
        if name == GLOSSARY_PAGE:
            return markdown
        return link_first_uses(markdown, lang, self.terms, f"{'../' * name.count('/')}{GLOSSARY_PAGE}.md")

    def on_page_content(self, html, *, page, config, files):
        if nb := getattr(page.file, "notebook", None):  # the notebook alone, the page's heading ids
            words, name = texts()[nb.lang]["notebook"], layout().nav_title(nb.page)
            short = words["title"].format(name)
            title = f"{short} - {config.site_name}"
            page.meta.update(  # html_title: overrides/main.html's <title>
                html_title=title if len(title) <= 70 else short,
                description=words["description"].format(name),
                search={"exclude": True},
            )
            for item, ident in zip(_toc(page.toc), nb.heading_ids, strict=True):
                item.id = ident
            html = notebook_html(html, nb.heading_ids)
        return page_html(html)

    def on_page_context(self, context, *, page, config, nav):
        site, notebook = layout(), getattr(page.file, "notebook", None)
        if notebook:  # its language switcher leads to the same notebook in the other language
            config.extra.alternate = [  # an attribute, as the i18n plugin sets it (it shadows the item)
                {"name": site.names[lang], "lang": lang, "link": notebook_url(site.counterpart(notebook.page, lang), site)}
                for lang in site.languages
            ]
        source = notebook.page if notebook else Path(page.file.abs_src_path)
        context["page_links"] = page_notes(source, page.meta.get("reading_minutes"))  # none on a notebook page
        return context

    def on_template_context(self, context, *, template_name, config):
        site = layout()
        if template_name == "sitemap.xml":  # the notebook pages too, each with its other-language notebooks
            context["notebook_pages"] = [
                {lang: f"{site.site_url}{notebook_url(site.counterpart(nb.page, lang), site)}" for lang in site.languages}
                for nb in self.notebooks[site.default]
            ]
        if template_name == "404.html":  # each language's leads to the home pages
            config.extra.alternate = [
                {"name": site.names[lang], "lang": lang, "link": f"{site.base_path}{site.prefix(lang)}"}
                for lang in site.languages
            ]
        return context

    def on_post_template(self, output_content, *, template_name, config):
        site, lang = layout(), config.theme["language"]
        if template_name != "404.html" or lang == site.default:
            return output_content
        _write(Path(config.site_dir) / site.prefix(lang) / "404.html", output_content)
        # The default language is built first: the root keeps the page that build wrote.
        return (Path(config.site_dir) / "404.html").read_text(encoding="utf-8")

    @event_priority(-200)  # after the i18n plugin has built the other languages and written the merged index
    def on_post_build(self, *, config):
        if config.plugins["i18n"].building:  # a nested build of one language: the merged index comes last
            return
        site, built = layout(), Path(config.site_dir)
        index = json.loads((built / "search/search_index.json").read_text(encoding="utf-8"))
        self.built, self.pages, rest = self.started, self.building, index["docs"]
        for lang in reversed(site.languages):  # the default language, under no prefix, last: the entries left
            prefix = site.prefix(lang)
            docs = [{**d, "location": d["location"].removeprefix(prefix)} for d in rest if d["location"].startswith(prefix)]
            rest = [d for d in rest if not d["location"].startswith(prefix)]
            if self.dirty:  # a dirty build indexed the pages it rebuilt; the others keep the entries of the last one
                rebuilt = {doc["location"].split("#")[0] for doc in docs}
                docs += [d for d in self.search.get(lang, []) if d["location"].split("#")[0] not in rebuilt]
            self.search[lang] = docs = list({d["location"]: d for d in docs}.values())  # mkdocs serve indexes some twice
            _write(
                built / prefix / "search/search_index.json",
                json.dumps({**index, "docs": docs}, ensure_ascii=False, separators=(",", ":")),
            )


def _write(path, text):
    """`text` in the file at `path`, left as it is if it holds it already."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _mtime(path):
    return os.path.getmtime(path) if os.path.isfile(path) else 0.0


def _sources(page, site_wide=True):
    """What a built page shows besides its text: the files it includes, the values and frames it quotes, on
    a page citing rules the rules pages (a marker shows its rule's statement); a page using a macro that reads
    the whole site (the core's minutes, who cites each rule), every page of its language (and, for the minutes,
    what they show)."""
    site, parsed = layout(), parse(page)
    found = [page] + [split_target(t)[0] for t in parsed.includes]
    found += [values_path(snippet_file(s)) for s, _ in parsed.values] + [steps_path(snippet_file(s)) for s in parsed.steps]
    if uses := {macro for macro in SITE_WIDE if site_wide and any(f"{macro}(" in line for line in parsed.lines)}:
        pages = site.pages(site.language_of(page))
        if "core_minutes" in uses:  # the core path's reading time counts what its pages show
            return found + [f for other in pages for f in _sources(other, site_wide=False)]
        return found + pages
    return found + (rules_pages(site, site.language_of(page)) if parsed.rules else [])


def _kept_render(page, render, config, files):
    """mkdocs-jupyter's render of a notebook page, kept by the notebook, mkdocs-jupyter's options and the
    renderers' versions (its own cache would evict, at each build, what that build did not render)."""
    options = repr(dict(config.plugins["mkdocs-jupyter"].config))
    entry = kept("notebook-pages", [page.file.content_string, options, renderers()])
    if (text := load(entry)) is None:
        render(config, files)
        store(entry, json.dumps([page.content, page.title, list(map(_token, page.toc))]))
    else:
        page.content, page.title, tokens = json.loads(text)
        page.toc = get_toc(tokens)


def _token(item):
    return {"level": item.level, "id": item.id, "name": item.title, "children": list(map(_token, item.children))}


def _toc(items):
    for item in items:
        yield item
        yield from _toc(item.children)


def define_env(env):
    """mkdocs-macros: the variables, macros and filters every page can use (docs_pipeline/macros.py)."""
    env.variables["torch_version"] = torch_version()
    env.filter(num)
    for name, function in page_functions(layout(Path(env.project_dir)), lambda: Path(env.page.file.abs_src_path)).items():
        env.macro(function, name)


def on_pre_page_macros(env):
    """A notebook page's JSON source is not a template (mkdocs-jupyter renders the file)."""
    if isinstance(env.page.file, NotebookPage):
        env.page.meta["render_macros"] = False
