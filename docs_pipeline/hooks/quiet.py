"""A build prints what an author must act on: mkdocs-macros and mkdocs-static-i18n report their
progress at INFO on every build, once per language. Their warnings and errors still show."""

import logging

CHATTY = ("mkdocs.plugins.mkdocs_macros", "mkdocs.plugins.mkdocs_static_i18n")


def on_startup(command, dirty):
    for name in CHATTY:
        logging.getLogger(name).setLevel(logging.WARNING)
