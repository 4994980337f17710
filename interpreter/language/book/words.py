"""Each construct of the rules language in words: expressions and statements, walking the
syntax tree (nodes.py). Generic: the names come from the ruleset (its labels, or a language's
names file), the phrases from the language's table (phrases.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from interpreter.language import nodes as N
from interpreter.language.book.lets import Values, names_read
from interpreter.language.book.phrases import Phrases
from interpreter.language.book.variables import Types, param_types, readings
from interpreter.language.errors import RulesError
from interpreter.language.parser import parse_expr

_ARITH = {"+": "expr.plus", "-": "expr.minus", "*": "expr.times", "/": "expr.divided",
          "//": "expr.divided", "%": "expr.modulo"}
_COMPARE = {"==": "expr.eq", "!=": "expr.ne", "<": "expr.lt", "<=": "expr.le", ">": "expr.gt",
            ">=": "expr.ge", "in": "expr.in", "not in": "expr.not_in"}
_OPPOSITE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">",
             "in": "not in", "not in": "in"}
FOLDED_MOST = 60  # the longest value said where it is used, in characters (else named first)
_ASSIGN = {"=": "stmt.set", "+=": "stmt.add", "-=": "stmt.subtract", "*=": "stmt.multiply"}


@dataclass
class Line:
    """One line of a rule in words: its depth, its step number if it has one, its text."""

    depth: int
    text: str
    step: int | None = None
    at: int | None = None  # the source line of the statement it says (its first line)
    ruling: bool = False  # a ruling said where it applies, not a rule


def numbers(e: N.Expr | None) -> tuple[N.Expr, N.Expr] | None:
    """The bounds of `numbers(a, b)` (a range of whole numbers), or None for anything else."""
    if isinstance(e, N.Call) and e.func == "numbers" and len(e.args) == 2:
        return e.args[0], e.args[1]
    return None


def gives_or_else(first: N.Stmt | None, then: N.Stmt) -> bool:
    """Whether `then` gives a value only where `first` gave none: `first` is a condition whose
    every branch gives one, and has no `else`."""
    return isinstance(first, N.If) and first.orelse is None and isinstance(then, N.Return) \
        and all(body and isinstance(body[-1], N.Return) for body in first.bodies)


def capital(text: str) -> str:
    """A sentence with a capital first letter, unless it begins with a rule's one-letter name
    ("c increases by 1", not "C increases by 1")."""
    if re.match(r"\w(\W|$)", text):
        return text
    return text[:1].upper() + text[1:]


def humane(name: str) -> str:
    """A name as words, when nothing better is known: `take_two` -> `take two`."""
    return name.replace("_", " ").strip()


class Words:
    """Rule text -> words, for one ruleset in one language.

    `decls`: the rules in effect by name; `names`: how a name reads (labels, per language);
    `value_label`: how a value of the data reads (an entity's name), or None; `skip`: names
    whose statements are not rules of play (measures)."""

    def __init__(self, phrases: Phrases, decls: dict[str, N.Decl], names: dict[str, str],
                 value_label: Callable[[str], str | None], types: set[str],
                 skip: set[str] = frozenset()):  # type: ignore[assignment]
        self.p = phrases
        self.decls = decls
        self.names = names
        self.value_label = value_label
        self.types = types
        self.skip = set(skip)
        self.lets: dict[str, N.Expr] = {}  # the current rule's `let`s: a name's value in words
        self.values = Values(None)  # how the current rule uses its own values
        self.said_later: dict[str, N.Expr] = {}  # a `let` said where it is used, not named
        self.read: set[str] | None = None  # the names the current rule reads (None: unknown)
        self.vars: dict[str, tuple[str, str]] = {}  # the rule's short names: "the player"
        self.typer = Types(decls, types)
        self.loops: list[str] = []  # the loops the statement said is in, innermost last
        self.param_types = param_types(decls, self.typer)

    def start_rule(self, decl: N.Node | None = None) -> None:
        """Forget the `let`s of the rule rendered before; note the names `decl` reads outside
        its log and records (a `let` nothing else reads is not a rule of play)."""
        self.lets, self.said_later = {}, {}
        self.read = None if decl is None else set(names_read(decl))
        self.values = Values(decl, {n for n, d in self.decls.items()
                                    if isinstance(d, N.ProcDecl)})
        self.vars = {} if not isinstance(decl, N.Decl) else readings(
            decl, self.typer, self.name, self.names, self.the,
            lambda noun, var: self.p.say("expr.the_named", x=noun, v=var),
            self.param_types.get(decl.name))
        if isinstance(decl, N.Decl):
            self._others(decl)

    def the(self, noun: str) -> str:
        """A thing named by its type, "the square" (a names file may say it: `the:square`)."""
        for key in ("expr.indefinite", "expr.indefinite_vowel"):  # "a card": "the card"
            article = self.p.say(key, x="")
            if article.strip() and noun.startswith(article):
                noun = noun[len(article):]
        return self.names.get("the:" + noun) or self.p.say("expr.the", x=noun)

    # ------------------------------------------------------------------ names

    def name(self, name: str) -> str:
        """How a name reads: the language's name for it, its label, a value's name, or the
        name in words."""
        if name in self.names:
            return self.names[name]
        decl = self.decls.get(name)
        if decl is not None and decl.label:
            return self.tr(decl.label)
        label = self.value_label(name)
        return self.tr(label) if label else humane(name)

    def local(self, name: str) -> str:
        """How a rule's own variable or parameter reads: the language's name for it, or what
        its type names ("the player"), or its own name."""
        if name in self.vars:
            return self.vars[name][0]
        return self.names.get(name) or humane(name)

    def noun(self, name: str) -> str | None:
        """The noun a loop over a variable says ("each square"), when its reading is one."""
        if name in self.vars:
            return self.vars[name][1]
        article = self.p.say("expr.article")
        reading = self.names.get(name)
        return reading[len(article):] if reading and article and reading.startswith(
            article) else None

    def reads(self, name: str, args: list[N.Expr]) -> str | None:
        """How a name reads in a sentence with its arguments, if the names file says so."""
        template = self.names.get("reads:" + name)
        if template is None:
            return None
        return template.format("", *(self.expr(a) for a in args))

    def tr(self, text: str) -> str:
        """A text of the rules (a prompt, a reason) in the language, if its names file gives it."""
        return self.names.get("text:" + text, text)

    # ------------------------------------------------------------------ expressions

    def expr(self, e: N.Expr | None) -> str:
        say, x = self.p.say, self.expr
        if e is None:
            return ""
        if isinstance(e, N.Num):
            return str(e.value)
        if isinstance(e, N.Str):
            return say("expr.text", text=self.tr(e.value))
        if isinstance(e, N.Bool):
            return say("expr.true" if e.value else "expr.false")
        if isinstance(e, N.NoneLit):
            return say("expr.none")
        if isinstance(e, N.Name):
            return self._name_expr(e.id)
        if isinstance(e, N.Attr):
            attr = self.names.get(e.name) or humane(e.name)  # an attribute, not a rule
            return say("expr.attr", attr=attr.removeprefix(say("expr.article")), obj=x(e.obj))
        if isinstance(e, N.Index):
            args = self._args(e.args)
            base = e.obj.id if isinstance(e.obj, N.Name) else None
            read = self.reads(base, e.args) if base else None
            if read is not None:
                return read
            table = self.decls.get(base or "")
            if isinstance(table, N.TableDecl):
                key = "expr.table_row" if table.style == "grid" else "expr.table"
                return say(key, name=self.name(base or ""), args=args)
            return say("expr.of", name=x(e.obj), args=args)
        if isinstance(e, N.Call):
            return self._call(e)
        if isinstance(e, N.ListLit):
            if not e.items:
                return say("expr.list_empty")
            return say("expr.list", items=say("expr.list_sep").join(x(i) for i in e.items))
        if isinstance(e, N.Arith) and set(e.ops) == {"+"} and any(
                isinstance(i, N.ListLit) for i in (e.first, *e.rest)):  # lists joined
            return say("expr.list_or").join(x(i) for i in (e.first, *e.rest))
        if isinstance(e, N.Arith):
            out = self._operand(e.first)
            for op, operand in zip(e.ops, e.rest, strict=True):
                out = say(_ARITH.get(op, "expr.plus"), a=out, b=self._operand(operand))
            return out
        if isinstance(e, N.Compare):
            return self._compare(e, e.op)
        if isinstance(e, N.BoolOp):
            joiner = say("expr.and" if e.op == "and" else "expr.or")
            return joiner.join(self._operand(i) if isinstance(i, N.BoolOp) else x(i)
                               for i in e.items)
        if isinstance(e, N.Not):
            return self.negated(e.operand)
        if isinstance(e, N.Neg):
            return say("expr.neg", a=self._operand(e.operand))
        if isinstance(e, N.IfExpr):
            return say("expr.if", then=x(e.then), cond=x(e.cond), other=x(e.other))
        if isinstance(e, N.Query):
            return self._query(e)
        return humane(type(e).__name__)

    def _compare(self, e: N.Compare, op: str) -> str:
        """A comparison; one with `none` reads as whether there is such a thing."""
        say = self.p.say
        for this, other in ((e.left, e.right), (e.right, e.left)):
            if isinstance(other, N.NoneLit) and op in ("==", "!="):
                return self._is_none(this, op == "==")
        left, right = e.left, e.right
        if isinstance(left, N.Call) and left.func == "size" and len(left.args) == 1 \
                and self.constant(right) in (0, 1) and "size" not in self.decls:
            nothing = {("==", 0), ("<=", 0), ("<", 1)}
            something = {("!=", 0), (">", 0), (">=", 1)}
            key = (op, self.constant(right))
            if key in nothing | something:  # "there is nothing in the stack", not "... is 0"
                listed = "_list" if isinstance(left.args[0], N.Call) else ""  # a rule's list
                return say(("expr.size_none" if key in nothing else "expr.size_some") + listed,
                           a=self.expr(left.args[0]))
        if op in ("in", "not in") and isinstance(right, N.Name) \
                and isinstance(self.decls.get(right.id), N.TableDecl):  # a key of a table
            return say("expr.in_table" if op == "in" else "expr.not_in_table",
                       a=self.expr(left), b=self.name(right.id))
        return say(_COMPARE.get(op, "expr.eq"), a=self.expr(left), b=self.expr(right))

    def _is_none(self, e: N.Expr | None, none: bool) -> str:
        """`x == none` as "there is no x": the article goes (there is no winner, not: w is
        none); a rule's own name without one reads as the value it was given."""
        say = self.p.say
        article = say("expr.article")
        if isinstance(e, N.Name) and e.id in self.lets and not (
                article and self.expr(e).startswith(article)):
            e = self.lets[e.id]
        text = self.expr(e)
        if article and text.startswith(article):
            return say("expr.none_is" if none else "expr.some_is", a=text[len(article):])
        return say("expr.is_unset" if none else "expr.is_set", a=text)

    def negated(self, e: N.Expr | None) -> str:
        """The opposite of a condition, as a sentence says it: "q is not empty", "there is no
        card ...", "p has no card in d"; `not (...)` only where nothing else fits."""
        say = self.p.say
        if isinstance(e, N.Not):
            return self.expr(e.operand)
        name = e.func if isinstance(e, N.Call) else e.obj.id if isinstance(e, N.Index) \
            and isinstance(e.obj, N.Name) else None
        args = e.args if isinstance(e, N.Call | N.Index) else []
        said = self.reads("not " + name, args) if name else None
        if said is not None:  # the names file says the opposite itself (`not stopped`)
            return said
        if isinstance(e, N.Compare) and e.op in _OPPOSITE:
            return self._compare(e, _OPPOSITE[e.op])
        if isinstance(e, N.Query) and e.kind == "any" and self.p.has("expr.query.none"):
            return self._split("none", e.binder) or say(
                "expr.query.none", binder=self.binder(e.binder, each=False))
        text = self.expr(e)
        if not isinstance(e, N.BoolOp | N.IfExpr):
            for find, into in self.p.pairs("expr.negate"):
                word = re.search(rf"(?<!\S){re.escape(find)}(?!\S)", text)  # a whole word
                if word:
                    return text[:word.start()] + into + text[word.end():]
        return say("expr.not", a=text)

    def is_test(self, e: N.Expr | None) -> bool:
        """Whether an expression is a yes/no question (written as one)."""
        return isinstance(e, N.Compare | N.BoolOp | N.Not | N.Bool) or (
            isinstance(e, N.Query) and e.kind in ("any", "every"))

    def _operand(self, e: N.Expr | None) -> str:
        text = self.expr(e)
        if isinstance(e, N.Arith | N.BoolOp | N.IfExpr | N.Compare):
            return self.p.say("expr.group", a=text)
        return text

    def _name_expr(self, name: str) -> str:
        if name in self.said_later:
            return self.expr(self.said_later[name])
        if name in self.vars:
            return self.vars[name][0]
        decl = self.decls.get(name)
        if isinstance(decl, N.ConstDecl) and isinstance(decl.value, N.Num):
            return str(decl.value.value)
        if name == "player_count":
            return self.p.say("expr.player_count")
        if name == "P1":
            return self.p.say("expr.first_player")
        if name in self.types and (decl is None or isinstance(decl, N.EnumDecl)):
            return self.p.say("expr.any_type", type=self.name(name))  # "any colour"
        return self.name(name)

    def _args(self, args: list[N.Expr]) -> str:
        return self.p.say("expr.args_sep").join(self.expr(a) for a in args)

    def _call(self, e: N.Call) -> str:
        say = self.p.say
        decl = self.decls.get(e.func)
        read = self.reads(e.func, e.args)
        if read is not None:
            return read
        if isinstance(decl, N.ComponentDecl):
            name, args = self.name(e.func), self._args(e.args)
            if args and re.search(rf"(?<!\w){re.escape(args)}(?!\w)", name):  # said once
                return name
            if [q.type for q in decl.params] == ["player"]:  # p's piece
                return say("expr.kind_owned", name=name, args=args)
            return say("expr.kind", name=name, args=args).strip()
        if decl is None and self.p.has(f"builtin.{e.func}"):
            parts = {"a": "", "b": ""}
            parts.update(zip("ab", (self.expr(a) for a in e.args), strict=False))
            return say(f"builtin.{e.func}", args=self._args(e.args), **parts)
        if not e.args:
            return self.name(e.func)
        return say("expr.call", name=self.name(e.func), args=self._args(e.args))

    def binder(self, b: N.Binder | None, each: bool = True) -> str:
        say = self.p.say
        if b is None:
            return ""
        noun = self.noun(b.var)
        if noun is not None:  # "each square", not "each square the square"
            what = noun
        elif b.type:
            what = say("binder.typed", type=self.name(b.type), var=self.local(b.var))
        else:
            what = self.local(b.var)
        low_high = numbers(b.source)
        if low_high is not None:  # each i from 1 to 3
            what = say("binder.range", var=what, a=self.expr(low_high[0]),
                       b=self.expr(low_high[1]))
        elif b.source is not None and not (noun is not None and isinstance(b.source, N.Name)
                                           and self.name(b.source.id) == noun):
            source = self._of_its_kind(noun, b.source)  # "each of the squares of ..."
            if each and source is not None and self._unsaid_other(b) is None:
                return say("binder.each_of", source=source)
            what = say("binder.in", var=what, source=self.expr(b.source))  # not "each c in c"
        where = self._unsaid_other(b)
        if where is not None:
            what = self._whose(b, what) or say("binder.where", what=what, cond=self.expr(where))
        return say("binder.each" if each else "binder.plain", what=what)

    def _of_its_kind(self, noun: str | None, source: N.Expr | None) -> str | None:
        """The words of a source that name things of the binder's noun ("the squares of the
        row" for a square: 'each square in the squares of the row' says it twice), in a
        language whose nouns follow an article (`expr.article`); else None."""
        if noun is None or source is None:
            return None
        said = self.expr(source)
        article = self.p.say("expr.article")
        first = said.removeprefix(article).split(" ", 1)[0] if article and said.startswith(
            article) else ""
        return said if first.startswith(noun) and first != noun else None

    def _others(self, decl: N.Decl) -> None:
        """A variable its binder keeps apart from another of its type (`each colour u where u
        != c`) reads "the other colour" ("each other colour"), not "colour u"."""
        for b in (n for n in N.walk(decl) if isinstance(n, N.Binder)):
            apart = self._apart_from(b)
            if apart is None or b.var not in self.vars or apart not in self.vars:
                continue
            noun = self.vars[apart][1]
            if self.vars[b.var][1] == self.p.say("expr.the_named", x=noun, v=b.var):
                self.vars[b.var] = (self.p.say("expr.the_other", x=noun),
                                    self.p.say("expr.other", x=noun))

    @staticmethod
    def _conjuncts(e: N.Expr | None) -> list[N.Expr]:
        if isinstance(e, N.BoolOp) and e.op == "and":
            return list(e.items)
        return [] if e is None else [e]

    def _apart_from(self, b: N.Binder) -> str | None:
        """The name a binder's condition says its variable is not (`u != c`: c), or None."""
        for e in self._conjuncts(b.where):
            if isinstance(e, N.Compare) and e.op == "!=" \
                    and isinstance(e.left, N.Name) and isinstance(e.right, N.Name):
                names = {e.left.id, e.right.id}
                if b.var in names and len(names) == 2:
                    return (names - {b.var}).pop()
        return None

    def _unsaid_other(self, b: N.Binder) -> N.Expr | None:
        """A binder's condition without the part its "other" already says: in "each other card
        where the other card is not the card and ...", the first test goes."""
        apart = self._apart_from(b)
        other = self.vars.get(b.var, ("", ""))[0]
        if apart is None or other != self.p.say("expr.the_other", x=self.vars.get(
                apart, ("", ""))[1]):
            return b.where
        kept = [e for e in self._conjuncts(b.where) if not (
            isinstance(e, N.Compare) and e.op == "!=" and {getattr(e.left, "id", None),
                                                            getattr(e.right, "id", None)}
            == {b.var, apart})]
        if not kept:
            return None
        return kept[0] if len(kept) == 1 else N.BoolOp(op="and", items=kept)

    def _whose(self, b: N.Binder, what: str) -> str | None:
        """`each card k where k.suit == c` as a rulebook says it: "each card whose suit is the
        colour" (not "where the suit of the card is ..."); None for any other condition."""
        cond = b.where
        if isinstance(cond, N.BoolOp) and cond.op == "and" and len(cond.items) > 1:
            first = self._whose(N.Binder(type=b.type, var=b.var, where=cond.items[0]), what)
            rest = cond.items[1] if len(cond.items) == 2 else N.BoolOp(items=cond.items[1:])
            return None if first is None else self.p.say(
                "binder.whose_and", what=first, cond=self.expr(rest))
        if not (isinstance(cond, N.Compare) and cond.op in ("==", "!=")):
            return None
        for this, other in ((cond.left, cond.right), (cond.right, cond.left)):
            if isinstance(this, N.Attr) and isinstance(this.obj, N.Name) \
                    and this.obj.id == b.var and not isinstance(other, N.NoneLit):
                attr = self.names.get(this.name) or humane(this.name)
                key = "binder.whose" if cond.op == "==" else "binder.whose_not"
                return self.p.say(key, what=what, attr=attr.removeprefix(
                    self.p.say("expr.article")), value=self.expr(other))
        return None

    def _random(self, b: N.Binder) -> str | None:
        """`random each c in X where C`: "a colour picked at random from X, one where C" (not
        "a random colour in X where C", which reads as if X were what is random)."""
        if b.source is None or numbers(b.source) is not None:
            return None
        noun = self.noun(b.var) or (self.name(b.type) if b.type else self.local(b.var))
        where = "" if b.where is None else self.p.say(
            "expr.query.picked_such", cond=self.expr(b.where))
        return self.p.say("expr.query.picked", what=noun, source=self.expr(b.source),
                          where=where)

    def _query(self, q: N.Query) -> str:
        say = self.p.say
        split = self._split(q.kind, q.binder)
        if split is not None:
            return split
        binder = self.binder(q.binder, each=q.kind in ("count", "sum", "max", "min", "list",
                                                         "distinct", "sort"))
        value = self.expr(q.value) if q.value is not None else ""
        if q.kind in ("max", "min", "distinct"):  # "the largest {value}": one article
            value = value.removeprefix(say("expr.article"))
        if q.kind == "every" and q.binder is not None and q.binder.where is not None:
            return self._every(q.binder)
        if q.kind == "random" and q.binder is not None:
            picked = self._random(q.binder)
            if picked is not None:
                return picked
        if q.kind == "list" and isinstance(q.value, N.Name) and q.binder is not None \
                and q.value.id == q.binder.var and self.p.has("expr.query.list_bare"):
            return say("expr.query.list_bare", binder=binder)  # [c for each c in X]: each c in X
        if q.kind == "sort":
            return say("expr.query.sort_desc" if q.descending else "expr.query.sort",
                       binder=binder, value=value)
        itself = isinstance(q.value, N.Name) and q.binder is not None \
            and q.value.id == q.binder.var  # "the different k for each k in X"
        if itself and q.kind == "distinct":
            return say("expr.query.distinct_bare", binder=self.binder(q.binder, each=False))
        if q.value is None and self.p.has(f"expr.query.{q.kind}_bare"):
            return say(f"expr.query.{q.kind}_bare", binder=binder)
        if self.p.has(f"expr.query.{q.kind}"):
            return say(f"expr.query.{q.kind}", binder=binder, value=value)
        return say("expr.query.value", binder=binder, value=value)

    def _split(self, kind: str, b: N.Binder | None) -> str | None:
        """`any`/`none` with a condition, where a language says the verb between the thing and
        its condition (Dutch: "er een kleur is waarvoor ..."; `expr.query.any_where`), or None
        where it says the binder whole (an empty phrase)."""
        key = f"expr.query.{kind}_where"
        if b is None or b.where is None or not self.p.table.get(key):
            return None
        head = self.binder(N.Binder(type=b.type, var=b.var, source=b.source), each=False)
        return self.p.say(key, head=head, cond=self.expr(b.where))

    def _every(self, b: N.Binder) -> str:
        """`every q in X where C`: "every q in X is ..." when C is about q, else "for every q in
        X: C"."""
        say = self.p.say
        what = self.binder(N.Binder(type=b.type, var=b.var, source=b.source), each=False)
        cond, var = self.expr(b.where), self.local(b.var) + " "
        source = self._of_its_kind(self.noun(b.var), b.source)
        if source is not None and isinstance(b.where, N.Not) and b.where.operand is not None:
            positive = self.expr(b.where.operand)  # "none of the squares ... is empty"
            if positive.startswith(var):
                return say("expr.query.none_of", source=source, rest=positive[len(var):])
        if source is not None and cond.startswith(var):  # "each of the squares ... is ..."
            return say("expr.query.every_of", source=source, rest=cond[len(var):])
        if cond.startswith(var) and self.p.has("expr.query.every_subject"):
            return say("expr.query.every_subject", what=what, rest=cond[len(var):])
        return say("expr.query.every_cond", what=what, cond=cond)

    # ------------------------------------------------------------------ statements

    def block(self, body: list[N.Stmt], depth: int = 0, tail: bool = False) -> list[Line]:
        """Steps in words; `tail`: the rule ends after the last of them (a value it gives there
        ends nothing early)."""
        out: list[Line] = []
        for i, s in enumerate(body):
            if isinstance(s, N.Let) and not self.is_test(s.value) \
                    and self.values.said_where_used(body, i) \
                    and len(self.expr(s.value)) <= FOLDED_MOST:
                self.said_later[s.name] = s.value  # "Add the points ... to ...", not named first
                continue
            turns = self._turns(body[i - 1], s) if i else None
            if turns is not None and out and out[-1].at == body[i - 1].loc.line:
                out.pop()  # the first player is said with the turns
            last = tail and (i == len(body) - 1 or i == len(body) - 2 and gives_or_else(
                s, body[-1]))  # "If c: It gives 2. Otherwise it gives 0."
            said = self.stmt(s, depth, last, body[i - 1] if i else None) if turns is None \
                else self._turns_said(s, turns, depth)
            for line in said:  # a sentence begins with a capital ("The player chooses")
                line.text = capital(line.text)
            if said:
                said[0].at = s.loc.line
            last = out[-1] if out else None
            if last is not None and len(said) == 1 and said[0].step is not None \
                    and (last.depth, last.step) == (said[0].depth, said[0].step):
                last.text += " " + said[0].text  # two statements of one step: one step
                continue
            out += said
        return out

    def stmt(self, s: N.Stmt, depth: int, tail: bool = False, before: N.Stmt | None = None
             ) -> list[Line]:
        """A step in words; `tail`: the rule ends after it; `before`: the step before it."""
        say, x = self.p.say, self.expr
        one = lambda text: [Line(depth, text, s.step)]  # noqa: E731
        if isinstance(s, N.Log | N.Record):
            return []  # the game's log and the simulations' records are not rules of play
        if isinstance(s, N.Assign) and s.name in self.skip:
            return []
        if isinstance(s, N.Let) and self.read is not None and s.name not in self.read:
            return []  # a name only the log or a measure reads
        if isinstance(s, N.Let):
            self.lets[s.name] = s.value
            return one(self._let(s))
        if isinstance(s, N.Assign):
            target = self._name_expr(s.name) if s.name in self.vars else self.name(s.name)
            if s.index:
                target = self.reads(s.name, s.index) or say("expr.of", name=target,
                                                              args=self._args(s.index))
            if isinstance(s.value, N.Bool) and s.op == "=" and self.reads(s.name, s.index):
                return one(say("stmt.set_yes" if s.value.value else "stmt.set_no",
                               target=target))  # a yes/no that reads as a sentence
            if isinstance(s.value, N.NoneLit) and s.op == "=":
                return one(say("stmt.clear", target=target))
            added = self._appended(s)
            if added is not None:
                return one(say("stmt.append", target=target, value=added))
            return one(say(_ASSIGN.get(s.op, "stmt.set"), target=target, value=x(s.value)))
        if isinstance(s, N.Move):
            return one(self._move(s))
        if isinstance(s, N.Shuffle):
            return one(say("stmt.shuffle", zone=x(s.zone)))
        if isinstance(s, N.Choose):
            where = say("stmt.choose_where", cond=x(s.where)) if s.where is not None else ""
            low_high = numbers(s.options)
            if low_high is not None and not s.private:  # a number from 0 to 3
                text = say("stmt.choose_number", player=x(s.player), var=self.local(s.var),
                           a=x(low_high[0]), b=x(low_high[1]), where=where)
            elif s.private:
                text = say("stmt.privately", player=x(s.player), var=self.local(s.var),
                           options=x(s.options), where=where,
                           who=x(s.shown_to) if s.shown_to is not None else x(s.player))
            else:
                text = say("stmt.choose", player=x(s.player), var=self.local(s.var),
                           options=x(s.options), where=where)
            if s.prompt:
                text = text[:-1] + say("stmt.choose_prompt", prompt=self.tr(s.prompt)) \
                    + text[-1:]
            return one(text)
        if isinstance(s, N.SecretChoose):
            return one(say("stmt.secretly", players=self.binder(s.binder, each=False),
                           var=self.local(s.var), options=x(s.options)))
        if isinstance(s, N.Options):
            prompt = say("stmt.choose_prompt", prompt=self.tr(s.prompt)) if s.prompt else ""
            out = one(say("stmt.options", player=x(s.player), prompt=prompt))
            for c in s.clauses:
                out += self.option(c, depth + 1, tail)
            return out
        if isinstance(s, N.Tell):
            return one(say("stmt.tell", players=x(s.players), text=self.template(s.text, s.loc)))
        if isinstance(s, N.Show):
            return one(say("stmt.show", what=x(s.what), players=x(s.players)))
        if isinstance(s, N.EndGame):
            return one(say("stmt.end", reason=self.tr(s.reason)) if s.reason
                       else say("stmt.end_plain"))
        if isinstance(s, N.Break):
            turns = self.loops[-1:] == ["turns"] and self.p.table.get("stmt.break_turns")
            return one(say("stmt.break_turns" if turns else "stmt.break"))
        if isinstance(s, N.Pass):
            return one(say("stmt.pass"))
        if isinstance(s, N.Return):
            return one(self._return(s, tail, before))
        if isinstance(s, N.CallStmt):
            read = self.reads(s.name, s.args)
            if read is not None:
                return one(say("stmt.call_reads", text=read))
            args = say("stmt.call_args", args=self._args(s.args)) if s.args else ""
            return one(say("stmt.call", title=self.name(s.name), args=args))
        if isinstance(s, N.Emit):
            if not any(isinstance(d, N.TriggerDecl) and d.event == s.event
                       for d in self.decls.values()):
                return []  # a moment no rule in effect follows (an overlay's may)
            return one(say("stmt.emit", event=self.name(s.event)))
        if isinstance(s, N.If):
            bodies = [self.block(body, depth + 1, tail) for body in s.bodies]
            orelse = self.block(s.orelse, depth + 1, tail) if s.orelse is not None else []
            if not any(bodies) and not orelse:  # a condition that only writes the log
                return []
            if len(s.conds) == 1 and orelse and (not bodies[0] or all(
                    isinstance(b, N.Pass) for b in s.bodies[0])):
                # "if c: nothing, else: B" reads as "if not c: B"
                return [Line(depth, say("stmt.if", cond=self.negated(s.conds[0])), s.step),
                        *orelse]
            nothing = [Line(depth + 1, say("stmt.pass"))]
            out = []
            for i, (cond, body) in enumerate(zip(s.conds, bodies, strict=True)):
                key = "stmt.if" if i == 0 else "stmt.elif"
                out.append(Line(depth, say(key, cond=x(cond)), s.step if i == 0 else None))
                out += body or nothing
            if orelse:
                out += [Line(depth, say("stmt.else")), *orelse]
            return out
        if isinstance(s, N.For | N.While | N.Loop):
            self.loops.append("loop")
            try:
                body = self.block(s.body, depth + 1)
            finally:
                self.loops.pop()
            if not body:  # a loop that only writes the log
                return []
            if isinstance(s, N.For):
                times = self._times(s)
                if times == 1:  # once: the body is the rule
                    return self.block(s.body, depth)
                if times is not None:
                    return one(say("stmt.times", n=times)) + body
                fused = self._each_in_sentence(s, body, depth)
                if fused is not None:
                    return fused
                in_turn = self._in_turn(s.binder)
                if in_turn is not None:
                    return one(in_turn) + body
                return one(say("stmt.for", binder=self.binder(s.binder))) + body
            if isinstance(s, N.While):
                return one(say("stmt.while", cond=x(s.cond))) + body
            return one(say("stmt.loop")) + body
        return one(humane(type(s).__name__))

    def _each_in_sentence(self, s: N.For, body: list[Line], depth: int) -> list[Line] | None:
        """A loop over each thing of a kind that does one step, said as one sentence about
        each ('The score of each player is cleared.', not 'For each player q: The score of
        player q is cleared.', which read as code), where the language has the phrase and
        the step names the thing once."""
        b = s.binder
        if b is None or b.where is not None or len(body) != 1 or \
                not self.p.has("stmt.for_each_one"):
            return None
        noun = self.noun(b.var)
        whole = b.source is None or (noun is not None and isinstance(b.source, N.Name)
                                     and self.name(b.source.id) == noun)  # every one
        kind = self.name(b.type) if b.type else noun
        if not whole or kind is None:
            return None
        kind = re.sub(rf" {re.escape(b.var)}$", "", kind)  # 'player q': each player
        named = re.compile(rf"(?i)(?<!\w){re.escape(self.expr(N.Name(s.loc, b.var)))}(?!\w)")
        text = body[0].text
        found = named.search(text)
        if found is None or len(named.findall(text)) != 1:
            return None
        each = self.p.say("stmt.for_each_one", type=kind)
        said = text[:found.start()] + each + text[found.end():]
        return [Line(depth, said[:1].upper() + said[1:], s.step)]

    def _in_turn(self, b: N.Binder | None) -> str | None:
        """A loop over the players in their order of play said as turns ('Each player in
        turn, clockwise from the player:', not 'For each player in all players clockwise
        from ...:', which read as code), where the language has the phrases."""
        order = b.source if b is not None else None
        if not isinstance(order, N.Call) or len(order.args) != 1 or \
                not self.p.table.get(f"turn.{order.func}"):
            return None
        noun = self.noun(b.var)
        what = noun if noun is not None else self.local(b.var)
        where = self.p.say("stmt.for_turn_if", cond=self.expr(b.where)) if b.where else ""
        return self.p.say("stmt.for_turn", what=what, where=where, order=self.p.say(
            f"turn.{order.func}", a=self.expr(order.args[0])))

    def _turns(self, first: N.Stmt, s: N.Stmt) -> tuple[str, N.Expr, str] | None:
        """`let v = X` and then a loop whose last step passes v on to the next player (or
        the one before): turns round the table, as (v, X, the order) where the language
        says them (`stmt.turns`); else None."""
        if not isinstance(first, N.Let) or not isinstance(s, N.Loop) or not s.body \
                or not self.p.table.get("stmt.turns"):
            return None
        last = s.body[-1]
        passes = isinstance(last, N.Assign) and last.name == first.name and not last.index \
            and last.op == "=" and isinstance(last.value, N.Call) \
            and last.value.func in ("next_player", "previous_player") \
            and len(last.value.args) == 1 and isinstance(last.value.args[0], N.Name) \
            and last.value.args[0].id == first.name
        if not passes or any(isinstance(n, N.Assign) and n.name == first.name
                             for st in s.body[:-1] for n in N.walk(st)):
            return None
        return first.name, first.value, last.value.func  # type: ignore[union-attr]

    def _turns_said(self, s: N.Stmt, turns: tuple[str, N.Expr, str], depth: int
                    ) -> list[Line]:
        """Turns round the table (`_turns`): who begins and in which order, then what each
        turn does (without the step that passes the turn on)."""
        assert isinstance(s, N.Loop)
        name, first, order = turns
        self.loops.append("turns")
        try:
            body = self.block(s.body[:-1], depth + 1)
        finally:
            self.loops.pop()
        head = self.p.say("stmt.turns", first=self.expr(first), var=self._name_expr(name),
                          order=self.p.say(f"turns.{order}"))
        return [Line(depth, head, s.step), *body]

    def _let(self, s: N.Let) -> str:
        """A value the rule names, as a player reads it: one that starts empty or at a value
        and changes ("At first, the number of turns taken is 0."), a count ("Count the cards in
        the hand: call this ..."), a yes or no noted, or a value named for the steps after it
        ("The first square of the row that is empty: call this the target.")."""
        say, name, value = self.p.say, self._name_expr(s.name), s.value
        if isinstance(value, N.ListLit) and not value.items:
            said = self.names.get("none:" + s.name)  # the names file says it: "no player has ..."
            if said is not None:
                return say("stmt.let_none_reads", text=said)
            return say("stmt.let_none", what=name.removeprefix(say("expr.article")))
        counted = self._counted(value)
        if counted is not None:
            return say("stmt.let_count", what=counted, name=name)
        if self.values.running(s) or isinstance(value, N.Num | N.Bool | N.NoneLit | N.Str) \
                or self.constant(value) is not None:
            return say("stmt.let_start", name=name, value=self.expr(value))
        if self.is_test(value):
            return say("stmt.let_test", name=name, value=self.expr(value))
        text = say("stmt.let", name=name, value=self.expr(value))  # "A random colour ...: ..."
        return text if isinstance(value, N.Name) else text[:1].upper() + text[1:]

    def _counted(self, e: N.Expr | None) -> str | None:
        """What a count counts ("the player's hand" of `size(hand[p])`), or None for any
        other value."""
        if isinstance(e, N.Call) and e.func == "size" and len(e.args) == 1 \
                and "size" not in self.decls:
            return self.expr(e.args[0])
        if isinstance(e, N.Query) and e.kind == "count" and e.binder is not None:
            return self.binder(e.binder)
        return None

    def _return(self, s: N.Return, tail: bool, before: N.Stmt | None) -> str:
        """What the rule gives: at its end "It gives ...", right after a condition whose every
        branch gave something "Otherwise it gives ...", anywhere else "Stop here: it gives
        ..." (the rule ends there, in the middle of its repeating too)."""
        say = self.p.say
        if s.value is None:
            return say("stmt.return_plain")
        value = self.expr(s.value)
        if not tail:
            return say("stmt.return_stop", value=value)
        return say("stmt.return_else" if gives_or_else(before, s) else "stmt.return",
                   value=value)

    def _times(self, s: N.For) -> int | None:
        """How many times a loop over a fixed number range runs when the body does not use its
        number (None for any other loop)."""
        b = s.binder
        low_high = numbers(b.source) if b is not None and b.where is None else None
        bounds = [self.constant(v) for v in low_high] if low_high is not None else [None]
        if None in bounds:
            return None
        if any(isinstance(n, N.Name) and n.id == b.var for st in s.body for n in N.walk(st)):
            return None
        return max(0, bounds[1] - bounds[0] + 1)

    def constant(self, e: N.Expr | None) -> int | None:
        """A whole number written in the rules, or a constant naming one; else None."""
        if isinstance(e, N.Name) and isinstance(self.decls.get(e.id), N.ConstDecl):
            e = self.decls[e.id].value  # type: ignore[union-attr]
        return int(e.value) if isinstance(e, N.Num) and float(e.value).is_integer() else None

    def _appended(self, s: N.Assign) -> str | None:
        """`x = x + [a, b]` in words: what is added to x (None for any other assignment)."""
        v = s.value
        if s.op != "=" or not isinstance(v, N.Arith) or set(v.ops) != {"+"} \
                or not all(isinstance(i, N.ListLit) for i in v.rest):
            return None
        first = v.first
        if isinstance(first, N.Index) and isinstance(first.obj, N.Name):
            same = first.obj.id == s.name and self._args(first.args) == self._args(s.index)
        else:
            same = isinstance(first, N.Name) and not s.index and first.id == s.name
        if not same:
            return None
        return self.p.say("expr.list_sep").join(self.expr(i) for r in v.rest
                                                 for i in r.items)

    def template(self, text: str, loc: N.Loc) -> str:
        """A text with {expressions} (a message to players), each expression in words."""

        article = self.p.say("expr.article")

        def words(m: re.Match) -> str:
            try:
                said = self.expr(parse_expr(m.group(1), loc))
            except RulesError:
                return "‹…›"
            if article.strip() and said.startswith(article) and \
                    text[:m.start()].endswith(article):  # "passes the {c}": "the card" once
                said = said[len(article):]
            return "‹" + said + "›"

        return re.sub(r"\{([^{}]+)\}", words, text)

    def option(self, c: N.OptionClause, depth: int, tail: bool = False) -> list[Line]:
        say = self.p.say
        label = self.names.get(f"option {c.name}") or self.tr(c.label or humane(c.name))
        same = label.lower().split()[:1] == [c.name.lower()]  # "keep: keep your hand"
        text = say("stmt.option_named" if same else "stmt.option", name=c.name, label=label)
        if c.when is not None:
            text += say("stmt.option_when", cond=self.expr(c.when))
        return [Line(depth, text), *self.block(c.body, depth + 1, tail)]

    def _each_of(self, e: N.Expr | None) -> str | None:
        """What a list of the things themselves holds (`[k for each card k where ...]`) said
        without its "each": "card whose suit is black"; None for any other list."""
        if isinstance(e, N.Query) and e.kind == "list" and e.binder is not None \
                and isinstance(e.value, N.Name) and e.value.id == e.binder.var:
            what = self.binder(e.binder, each=False)
            for key in ("expr.article", "expr.indefinite", "expr.indefinite_vowel"):
                what = what.removeprefix(self.p.say(key, x=""))  # "every card", not "every a"
            return what
        return None

    def _move(self, s: N.Move) -> str:
        say, x = self.p.say, self.expr
        if s.amount == "top":
            amount = say("stmt.move.top")
        elif s.amount == "all":
            amount = say("stmt.move.all")
        elif s.amount == "up_to":
            amount = say("stmt.move.up_to", n=x(s.count))
        else:
            amount = say("stmt.move.exact", n=x(s.count))
        what = say("stmt.move.what", what=x(s.what)) if s.what is not None else ""
        if s.amount == "all" and s.what is not None:  # "everything of the card" read as code
            each = self._each_of(s.what)
            amount = say("stmt.move.all_each", what=each) if each is not None \
                else say("stmt.move.all_of", what=x(s.what))
            what = ""
        at = say("stmt.move.bottom") if s.at == "bottom" else ""
        return say("stmt.move", amount=amount, what=what, source=x(s.source), dest=x(s.dest),
                   at=at)
