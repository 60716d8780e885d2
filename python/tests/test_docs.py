"""The examples in the package's docstrings run as written; every public name
has a docstring and a type stub."""

from __future__ import annotations

import doctest
import inspect
import types
from pathlib import Path

import pytest

import carcassonne_safari
from carcassonne_safari import _engine, compact, encoding, observation, rewards, vector


@pytest.mark.parametrize("module", [carcassonne_safari, encoding, compact, vector])
def test_docstring_examples_run(module: types.ModuleType) -> None:
    failures, tests = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tests > 0 and failures == 0


def test_every_public_name_is_documented() -> None:
    for module in (carcassonne_safari, encoding, compact, observation, rewards, vector, _engine):
        assert module.__doc__
        for name, value in vars(module).items():
            if name.startswith("_") or not (inspect.isclass(value) or callable(value)):
                continue
            assert getattr(value, "__doc__", None), f"{module.__name__}.{name} has no docstring"
            if inspect.isclass(value):
                for attr, member in vars(value).items():
                    if not attr.startswith("_") and callable(member):
                        assert member.__doc__, f"{name}.{attr} has no docstring"


def test_the_native_module_has_type_stubs_for_every_public_name() -> None:
    package = Path(carcassonne_safari.__file__).parent
    assert (package / "py.typed").exists()
    stub = (package / "_engine.pyi").read_text()
    for name in dir(_engine):
        if not name.startswith("_"):
            assert name in stub, f"{name} is missing from _engine.pyi"
