"""Records: frozen plain-data classes whose methods are written once, here, and shared.

Why not ``@dataclass(frozen=True)``: the standard library writes the methods of each dataclass
as source text and compiles it with ``exec()`` when the class is defined (six functions per
frozen class, about 0.6 ms each time on Python 3.11). The 32 frozen dataclasses on the way to
the first prompt cost 23 ms of a start of about 95 ms, and importing ``dataclasses`` pulls in
``inspect``, ``ast``, ``dis`` and ``tokenize``. A :class:`Record` subclass only reads its
annotations when it is defined (microseconds); ``__init__``, ``__eq__``, ``__hash__``,
``__repr__`` and the refusal to change a field are the base class's own functions.

A record behaves as the frozen dataclass with the same fields would: fields are the class's
annotations in order (a base record's first, ``ClassVar`` skipped), defaults are class
attributes, :func:`field` gives a mutable default through a factory; the constructor takes the
fields by position and keyword and refuses a missing, unknown or doubled argument with a
TypeError; ``__post_init__`` runs if the class has one; assigning or deleting a field raises
:class:`FrozenRecordError` (an AttributeError, like ``dataclasses.FrozenInstanceError``);
records are equal when they are of the same class with equal fields, hash as the tuple of their
fields, and show as ``Name(a=1, b='x')``. :func:`replace` and :func:`fields` stand for the
functions of ``dataclasses``. Type checkers learn all this from ``dataclass_transform``
(PEP 681).

It is the one kind of frozen plain-data class of the whole package, on the way to the first
prompt or not (the coach, speech, sharing, Braille and statistics too): a newcomer meets one
way to write a value. What changes as the program works (statistics being added up, a
sentence in the speaker's queue) is a plain class with ``__slots__``, not a record.
``msgspec.Struct`` was measured as the other candidate: faster to make, compare and copy, but
importing it makes every start to the first prompt about a tenth slower, more than all it
saves; the figures are in docs/development.md ("One kind of record") and
``bench/bench_records.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, TypeVar, overload

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform  # for the type checker only
elif sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # Python 3.10: the decorator only marks the class for type checkers
    _C = TypeVar("_C")

    def dataclass_transform(**_: object) -> Callable[[_C], _C]:
        return lambda cls: cls

__all__ = ["Field", "FrozenRecordError", "Record", "field", "fields", "replace"]

T = TypeVar("T")
R = TypeVar("R", bound="Record")


class _Missing:
    """No default given (None is a default like any other)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()


_set_attribute = object.__setattr__  # how a record's own __init__ gets past its __setattr__


class FrozenRecordError(AttributeError):
    """A field of a record was assigned or deleted: records never change once made."""


class Field:
    """One field of a record: its name, its default or default factory, and whether ``repr``
    shows it. Written in a class body through :func:`field`."""

    __slots__ = ("name", "default", "default_factory", "repr")

    def __init__(self, default: object = MISSING,
                 default_factory: Callable[[], object] | _Missing = MISSING,
                 repr: bool = True) -> None:
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.repr = repr

    def __repr__(self) -> str:
        return (f"Field(name={self.name!r}, default={self.default!r}, "
                f"default_factory={self.default_factory!r}, repr={self.repr!r})")


@overload
def field(*, default: T, repr: bool = True) -> T: ...
@overload
def field(*, default_factory: Callable[[], T], repr: bool = True) -> T: ...
def field(*, default: object = MISSING,
          default_factory: Callable[[], object] | _Missing = MISSING,
          repr: bool = True) -> object:
    """A field with a default factory (a fresh list or dict per record) or left out of
    ``repr``, as ``dataclasses.field`` gives one."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, repr)


def _is_class_var(annotation: object) -> bool:
    """A ``ClassVar`` annotation, written out (``from __future__ import annotations``) or not."""
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return annotation is ClassVar or getattr(annotation, "__origin__", None) is ClassVar


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
class Record:
    """The base of a frozen plain-data class: subclass it and annotate the fields."""

    __slots__ = ()

    #: The fields in constructor order, and what the shared methods need of them.
    __record_fields__: ClassVar[tuple[Field, ...]] = ()
    __record_names__: ClassVar[tuple[str, ...]] = ()
    __record_name_set__: ClassVar[frozenset[str]] = frozenset()
    __record_shown__: ClassVar[tuple[str, ...]] = ()
    __record_later__: ClassVar[tuple[Field, ...]] = ()  # fields with a default or factory
    __record_post_init__: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[str, Field] = {}
        for base in reversed(cls.__mro__[1:]):
            for spec in base.__dict__.get("__record_fields__", ()):
                found[spec.name] = spec
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if _is_class_var(annotation):
                continue
            value = cls.__dict__.get(name, MISSING)
            if isinstance(value, Field):
                spec = value
                if spec.default is MISSING:
                    delattr(cls, name)  # no class attribute standing for a factory's value
                else:
                    setattr(cls, name, spec.default)
            else:
                spec = Field(value)
            if spec.default is not MISSING and type(spec.default).__hash__ is None:
                raise ValueError(f"mutable default {type(spec.default)} for field {name} "
                                 "is not allowed: use default_factory")
            spec.name = name
            found.pop(name, None)  # a field given again keeps its place, as in a dataclass
            found[name] = spec
        specs = tuple(found.values())
        later = False
        for spec in specs:
            optional = spec.default is not MISSING or spec.default_factory is not MISSING
            if later and not optional:
                raise TypeError(f"non-default argument {spec.name!r} follows default argument")
            later = later or optional
        cls.__record_fields__ = specs
        cls.__record_names__ = tuple(spec.name for spec in specs)
        cls.__record_name_set__ = frozenset(cls.__record_names__)
        cls.__record_shown__ = tuple(spec.name for spec in specs if spec.repr)
        cls.__record_later__ = tuple(spec for spec in specs if spec.default is not MISSING
                                     or spec.default_factory is not MISSING)
        cls.__record_post_init__ = hasattr(cls, "__post_init__")
        # For `match` statements; by setattr, as mypy refuses to assign __match_args__.
        setattr(cls, "__match_args__", cls.__record_names__)  # noqa: B010

    def __init__(self, *args: object, **kwargs: object) -> None:
        cls = type(self)
        names = cls.__record_names__
        if not kwargs and len(args) == len(names):
            values = dict(zip(names, args, strict=True))
        elif not args and kwargs.keys() == cls.__record_name_set__:
            values = {name: kwargs[name] for name in names}
        else:
            values = _bind(cls, args, kwargs)
        _set_attribute(self, "__dict__", values)
        if cls.__record_post_init__:
            self.__post_init__()  # type: ignore[attr-defined]

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.values()))

    def __repr__(self) -> str:
        values = self.__dict__
        shown = ", ".join(f"{name}={values[name]!r}" for name in self.__record_shown__)
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[object, ...]:
        """Copies and pickles are made again by the constructor, as records are made."""
        return type(self), tuple(self.__dict__.values())


def _bind(cls: type[Record], args: tuple[object, ...],
          kwargs: dict[str, object]) -> dict[str, object]:
    """The fields' values from a constructor call that is not all fields by position: the
    keywords and defaults filled in, a wrong call refused as Python refuses it."""
    names = cls.__record_names__
    where = f"{cls.__qualname__}.__init__()"
    if len(args) > len(names):
        raise TypeError(f"{where} takes {len(names) + 1} positional arguments but "
                        f"{len(args) + 1} were given")
    given = dict(zip(names, args, strict=False))  # the later fields by keyword or default
    for name, value in kwargs.items():
        if name not in names:
            raise TypeError(f"{where} got an unexpected keyword argument {name!r}")
        if name in given:
            raise TypeError(f"{where} got multiple values for argument {name!r}")
        given[name] = value
    for spec in cls.__record_later__:
        if spec.name not in given:
            factory = spec.default_factory  # MISSING is the one _Missing there is
            given[spec.name] = (spec.default if isinstance(factory, _Missing) else factory())
    if len(given) < len(names):
        missing = [name for name in names if name not in given]
        listed = ", ".join(repr(name) for name in missing)
        raise TypeError(f"{where} missing {len(missing)} required argument"
                        f"{'s' if len(missing) > 1 else ''}: {listed}")
    return {name: given[name] for name in names}


def replace(record: R, /, **changes: object) -> R:
    """A copy of ``record`` with some fields changed, as ``dataclasses.replace`` gives one: its
    ``__post_init__`` checks run again, and a name that is no field is refused.

    The fields are copied as they are rather than passed through the constructor again: a
    game's state changes a few of its 17 fields with every entry, and this way a change costs
    less than a named tuple's ``_replace`` (bench/bench_records.py).
    """
    cls = type(record)
    values = {**record.__dict__, **changes}
    if len(values) != len(cls.__record_names__):
        unknown = next(name for name in changes if name not in cls.__record_name_set__)
        raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument "
                        f"{unknown!r}")
    made = object.__new__(cls)
    _set_attribute(made, "__dict__", values)
    if cls.__record_post_init__:
        made.__post_init__()  # type: ignore[attr-defined]
    return made


def fields(record: Record | type[Record]) -> tuple[Field, ...]:
    """The fields of a record or record class, in constructor order."""
    return record.__record_fields__
