"""A build prints what an author must act on, not the plugins' progress: mkdocs-macros and
mkdocs-static-i18n report at INFO on every build (once per language), mkdocs-jupyter on every
notebook, and jieba (Chinese search) as it loads its dictionary. Their warnings and errors still show."""

import logging

CHATTY = (
    "mkdocs.plugins.mkdocs_macros",
    "mkdocs.plugins.mkdocs_static_i18n",
    "mkdocs.plugins.mkdocs_jupyter",
    "mkdocs.mkdocs-jupyter",
    "jieba",
)


def on_startup(command, dirty):
    for name in CHATTY:
        logging.getLogger(name).setLevel(logging.WARNING)
