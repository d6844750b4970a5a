"""Canonical values in the adapter protocol's JSON form (docs/porting.md, "Values").

Booleans, integers, null and strings are themselves; a list is a JSON array. Records and enum
cases are objects whose fields are [name, value] pairs, so their order survives.
"""


def record(type_name, *fields):
    """A record: record("KittenViewModel", ("isLoading", True), ...)."""
    return {"record": type_name, "fields": [[name, value] for name, value in fields]}


def enum_case(type_name, case, *fields):
    """An enum case: enum_case("SecondButton", "reset") or with fields like a record's."""
    return {"enum": type_name, "case": case, "fields": [[name, value] for name, value in fields]}
