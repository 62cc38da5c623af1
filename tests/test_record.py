"""Records (``core/record.py``) behave as the frozen dataclasses they replace.

Checked by a second method: for values hypothesis makes up, a record class and the same class
written with ``@dataclass(frozen=True)`` must agree on equality, hashes, ``repr``, ``replace``,
which constructor calls they refuse, and that a field can be neither assigned nor deleted. And
the records the games are made of (entries, events, rules) must come back equal from a real
games file, as a saved game is played on.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import pickle
import random
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import pytest
from hypothesis import assume, given, strategies as st

from tutto_a11y.core.contract import MalformedEntry
from tutto_a11y.core.record import FrozenRecordError, Record, field, fields, replace
from tutto_a11y.games import registry
from tutto_a11y.store.journal import Store
from tutto_a11y.store.saved import rebuild

T = TypeVar("T")


class Point(Record):
    seat: int
    name: str
    faces: tuple[int, ...] = ()
    points: float | None = None


@dataclasses.dataclass(frozen=True)
class DataPoint:
    seat: int
    name: str
    faces: tuple[int, ...] = ()
    points: float | None = None


NAMES = ("seat", "name", "faces", "points")

# No NaN: the dataclass itself compares a NaN field differently from one Python to the next
# (3.13 compares field by field, so a NaN is unequal even to itself; 3.12 compares tuples,
# where the same NaN object is equal), and no value in a game is ever NaN.
values_st = st.tuples(
    st.integers(-3, 3),
    st.text(max_size=3),
    st.lists(st.integers(1, 6), max_size=3).map(tuple),
    st.none() | st.floats(allow_nan=False) | st.sampled_from([0.0, -0.0, 1.0]),
)


def _values(made: Any) -> tuple[Any, ...]:
    return tuple(getattr(made, name) for name in NAMES)


def _both(call: Any) -> tuple[Any, Any]:
    """What ``call`` gives for the record class and for the dataclass: the values of the
    object made, or the kind of exception raised."""
    results: list[object] = []
    for cls in (Point, DataPoint):
        try:
            results.append(_values(call(cls)))
        except Exception as error:  # noqa: BLE001  (the kind of error is what is compared)
            results.append(type(error))
    return results[0], results[1]


@given(values_st, values_st, st.booleans())
def test_a_record_and_the_same_dataclass_are_equal_and_hash_alike(
        one: tuple[Any, ...], other: tuple[Any, ...], same: bool) -> None:
    if same:
        other = one
    assert (Point(*one) == Point(*other)) == (DataPoint(*one) == DataPoint(*other))
    assert (Point(*one) != Point(*other)) == (DataPoint(*one) != DataPoint(*other))
    assert hash(Point(*one)) == hash(DataPoint(*one))


@given(values_st)
def test_a_record_is_written_out_as_the_dataclass_is(values: tuple[Any, ...]) -> None:
    assert repr(Point(*values)) == repr(DataPoint(*values)).replace("DataPoint(", "Point(", 1)


@given(values_st, st.dictionaries(st.sampled_from(NAMES + ("score",)), st.integers(0, 9)))
def test_replace_changes_the_same_fields_and_refuses_the_same_names(
        values: tuple[Any, ...], changes: dict[str, Any]) -> None:
    record, data = _both(lambda cls: (replace if cls is Point else dataclasses.replace)(
        cls(*values), **changes))
    assert record == data


@given(st.integers(0, 5), st.lists(st.sampled_from(NAMES + ("score",)), max_size=5))
def test_a_record_refuses_the_constructor_calls_a_dataclass_refuses(
        positional: int, keywords: list[str]) -> None:
    args = (1, "Anna", (5,), 2.5, 7)[:positional]
    kwargs = {name: 0 for name in keywords}
    record, data = _both(lambda cls: cls(*args, **kwargs))
    assert record == data
    if record is TypeError:
        with pytest.raises(TypeError, match=r"Point\.__init__\(\)"):
            Point(*args, **kwargs)  # type: ignore[arg-type]  # any arguments, on purpose


@given(values_st, st.sampled_from(NAMES + ("score", "__dict__")))
def test_no_field_of_a_record_can_be_assigned_or_deleted(
        values: tuple[Any, ...], name: str) -> None:
    record, data = Point(*values), DataPoint(*values)
    for target, error in ((record, FrozenRecordError), (data, dataclasses.FrozenInstanceError)):
        with pytest.raises(error):
            setattr(target, name, 1)
        with pytest.raises(error):
            delattr(target, name)
    assert issubclass(FrozenRecordError, AttributeError)
    assert _values(record) == values


def test_a_default_factory_gives_every_record_its_own_value_and_repr_can_leave_a_field_out(
        ) -> None:
    class Seats(Record):
        names: list[str] = field(default_factory=list)
        env: dict[str, str] = field(default_factory=dict, repr=False)

    first, second = Seats(), Seats()
    first.names.append("Anna")
    assert second.names == [] and Seats(["Anna"]) == first
    assert repr(first) == "test_a_default_factory_gives_every_record_its_own_value_and_repr_" \
        "can_leave_a_field_out.<locals>.Seats(names=['Anna'])"
    assert [f.name for f in fields(Seats)] == ["names", "env"]


def test_fields_come_from_the_bases_first_and_class_variables_are_no_fields() -> None:
    class Base(Record):
        seat: int
        kind: Any = "tutto"

    class Turn(Base):
        limit: ClassVar[int] = 3
        points: int = 0

    assert [f.name for f in fields(Turn)] == ["seat", "kind", "points"]
    assert Turn(1, points=50) == Turn(seat=1, kind="tutto", points=50)
    assert Turn.__match_args__ == ("seat", "kind", "points")
    match Turn(2, "yatzee", 7):
        case Turn(seat, kind, points):
            assert (seat, kind, points) == (2, "yatzee", 7)


def test_a_field_without_a_default_after_one_with_a_default_is_refused_as_in_a_dataclass(
        ) -> None:
    with pytest.raises(TypeError):
        class Wrong(Record):
            seat: int = 0
            name: str  # type: ignore[misc]  # the mistake under test

    with pytest.raises(ValueError):
        class Shared(Record):
            names: list[str] = []  # the mistake: one list shared by every record


def test_a_generic_record_takes_its_type_parameter() -> None:
    class Chance(Record, Generic[T]):
        entry: T
        weight: float

    assert Chance[int](3, 0.5) == Chance(3, 0.5)
    assert Chance[str]("bank", 1.0).entry == "bank"


@given(values_st)
def test_a_record_survives_copy_deepcopy_and_pickle_as_an_equal_record(
        values: tuple[Any, ...]) -> None:
    assume(values[3] == values[3])  # a NaN read back from a pickle equals no NaN
    record = Point(*values)
    for again in (copy.copy(record), copy.deepcopy(record), pickle.loads(pickle.dumps(record))):
        assert type(again) is Point and again == record and hash(again) == hash(record)


def test_a_record_made_by_replace_is_checked_as_a_new_one_is() -> None:
    rules = registry.find("tutto").interface().rules(None, None, ())
    with pytest.raises(MalformedEntry) as refused:
        replace(rules, target=75)  # Tutto's target is a multiple of 50
    assert refused.value.reason == "bad-target"


@pytest.mark.parametrize("name", sorted(registry.GAMES))
def test_the_entries_events_and_rules_of_a_game_come_back_equal_from_a_real_games_file(
        name: str, tmp_path: Path) -> None:
    game_interface = registry.find(name).interface()
    players = game_interface.check_players(
        ("Anna", "Ben", "Cleo", "Dora")[:max(2, game_interface.min_players)])
    game = game_interface.new_game(tuple(players), game_interface.rules(None, None, ()))
    rng = random.Random(22)
    played: list[tuple[object, tuple[object, ...]]] = []
    while not game.finished and len(played) < 300:
        offered = list(game.legal_entries()) + [o.entry for o in game.chance_outcomes()]
        entry = rng.choice(offered)
        played.append((entry, tuple(game.push(entry))))
    store = Store.open(tmp_path / "games.sqlite3")
    try:
        info = store.create_game("en", game_interface.rules_as_dict(game.rules), game.players,
                                 kind=name)
        for text in game.entry_texts():
            store.append(info.id, text)
        info = store.game(info.id)
        texts = store.entries(info.id)
        replayed = rebuild(info, texts)
    finally:
        store.close()
    assert replayed.rules == game.rules and hash(replayed.rules) == hash(game.rules)
    again = game_interface.new_game(replayed.players, replayed.rules)
    for text, (entry, events) in zip(texts, played, strict=True):
        parsed = type(again).parse_entry(text)
        assert parsed == entry and hash(parsed) == hash(entry)
        events_again = tuple(again.push(parsed))
        assert events_again == events and hash(events_again) == hash(events)
        assert all(isinstance(event, Record) for event in events)
    assert again.state == game.state == replayed.state


def _other_kinds(path: Path) -> list[str]:
    """The dataclasses, named tuples and their imports in one module of the package."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            named = [ast.unparse(d) for d in node.decorator_list] + \
                [ast.unparse(b) for b in node.bases]
            found += [f"{node.name}: {n}" for n in named
                      if n.split("(")[0].split(".")[-1] in ("dataclass", "NamedTuple")]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name == "dataclasses"]
        elif isinstance(node, ast.ImportFrom) and node.module in ("dataclasses", "collections",
                                                                  "typing"):
            found += [f"{node.module}.{a.name}" for a in node.names
                      if node.module == "dataclasses" or a.name in ("namedtuple", "NamedTuple")]
    return found


def test_every_frozen_value_of_the_package_is_a_record() -> None:
    """One kind of record in the whole package, on the way to the first prompt or not: no
    dataclass and no named tuple (what changes as it works is a plain class)."""
    package = Path(__file__).resolve().parent.parent / "tutto_a11y"
    others = {str(path.relative_to(package)): found for path in sorted(package.rglob("*.py"))
              if (found := _other_kinds(path))}
    assert others == {}
    from tutto_a11y.games.tute.rules.state import State as TuteState
    from tutto_a11y.games.tutto.rules.state import State as TuttoState
    from tutto_a11y.games.yatzee.rules.state import State as YatzeeState

    assert all(issubclass(state, Record) for state in (TuttoState, YatzeeState, TuteState))
