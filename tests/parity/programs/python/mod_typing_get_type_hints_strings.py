# typing.get_type_hints evaluates string annotations (forward references) as CPython does: a
# function's in its __globals__, a class's in its module with the class namespace, through the MRO,
# nested in Optional/List; an undefined name is a NameError; dataclass fields keep the strings.
import typing
from typing import get_type_hints, List, Optional
class Node:
    val: int
    nxt: "Optional[Node]" = None
    kids: "List[Node]"
def f(a: "Node", b: "int" = 1) -> "str": ...
print(get_type_hints(Node), get_type_hints(f))
class Child(Node):
    extra: "float"
print(get_type_hints(Child))
try:
    def g(x: "Missing"): ...
    get_type_hints(g)
except NameError as e:
    print("NameError", e)
import dataclasses
@dataclasses.dataclass
class D:
    a: "int"
    b: "Node" = None
print(get_type_hints(D), [f.type for f in dataclasses.fields(D)])
