"""gradcli.base.subclassable: the registry of library classes scripts may extend (the contract between the language's
`class` statement and library bases such as nn.Module)."""

from gradcli.base.subclassable import has_dynamic_attribute, is_subclassable, library_members, subclassable


@subclassable(members=("forward", "training"), attributes=lambda obj: obj.registered)
class Base:
    def __init__(self):
        self.registered = {"fc": 1}


class Derived(Base):
    pass


@subclassable(members=("extra",))
class MoreDerived(Derived):
    pass


def test_only_marked_classes_are_bases():
    assert is_subclassable(Base) and is_subclassable(MoreDerived)
    assert not is_subclassable(Derived) and not is_subclassable(object) and not is_subclassable(Base())


def test_members_are_the_union_over_marked_bases():
    assert library_members(Base) == {"forward", "training"}
    assert library_members(Derived) == {"forward", "training"}
    assert library_members(MoreDerived) == {"forward", "training", "extra"}
    assert library_members(object) == frozenset()


def test_dynamic_attributes_come_from_the_marked_base():
    assert has_dynamic_attribute(MoreDerived(), "fc")
    assert not has_dynamic_attribute(MoreDerived(), "registered")
    assert not has_dynamic_attribute(object(), "fc")
