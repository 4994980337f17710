"""`rules book`: the rules in effect as a rulebook, in words, in a language."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, examples, formatter, load

BOOK_HELP = "print the rules in effect as a rulebook, in words (text, Markdown or HTML)"
BOOK_DESCRIPTION = """\
Write the rules in effect (overlays applied) as a rulebook: the components with their counts,
the preparation as numbered steps, the turn and its options, every decision with its
conditions in words, the tables as tables, what happens when, the end and the winner, and the
rulings written in the rules. Each rule shows its citation and, when the rulebook text is
there (see --texts), the cited paragraph.

Every construct of the rules language reads in words from a phrase table per language
(--lang); the names come from the ruleset's labels, or from its book/LANG.yaml."""

BOOK_EPILOG = """\
examples:
  rules book {example}
  rules book {example} --markdown > rules.md
  rules book {example} --html rules.html
  rules book path/to/edition --lang nl
  rules book {example} --diff my-variant"""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("book", help=BOOK_HELP, description=BOOK_DESCRIPTION,
                       epilog=examples(BOOK_EPILOG), formatter_class=formatter)
    p.add_argument("path", metavar="RULESET", help="ruleset folder, or its ruleset.yaml")
    p.add_argument("--lang", default="en", metavar="LANG",
                   help="the language of the book: en, nl or ko (default: en)")
    p.add_argument("--markdown", action="store_true", help="print the book as Markdown")
    p.add_argument("--html", metavar="FILE", help="write the book as an HTML page to FILE")
    p.add_argument("--width", type=int, default=80, metavar="N",
                   help="the width of the text at the terminal (default: 80)")
    p.add_argument("--diff", metavar="OTHER",
                   help="the book of OTHER, with what differs from RULESET marked")
    p.set_defaults(run=cmd_book)


def cmd_book(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.language.book.output import to_html, to_markdown, to_text
    from interpreter.language.book.phrases import PhraseError, languages
    from interpreter.language.writing import write_atomic
    from interpreter.play.rulebook import book_of

    if args.lang not in languages():
        args.parser.error(f"--lang: no phrase table for {args.lang!r} "
                          f"(there are: {', '.join(languages())})")
    if args.width < 40:
        args.parser.error("--width: at least 40")
    ruleset = load(args.path, args.allow_outside)
    cited = _cited_texts(ruleset, getattr(args, "texts", None))
    try:
        if args.diff:
            from interpreter.editions.book_diff import marked_book

            other = load(args.diff, args.allow_outside)
            book = marked_book(ruleset, other, args.lang, _cited_texts(other, args.texts))
        else:
            book = book_of(ruleset, args.lang, cited)
    except PhraseError as e:
        args.parser.error(str(e))
    if args.html:
        write_atomic(args.html, to_html(book))
        print(f"wrote {args.html}", file=err)
    elif args.markdown:
        out.write(to_markdown(book))
    elif getattr(out, "isatty", lambda: False)():  # at a terminal: a page at a time
        import pydoc

        pydoc.pager(to_text(book, args.width))
    else:
        out.write(to_text(book, args.width))
    return EXIT_OK


def _cited_texts(ruleset: Any, texts: str | None) -> Any:
    from interpreter.editions.book_cites import cited_paragraphs

    return cited_paragraphs(ruleset, texts)
