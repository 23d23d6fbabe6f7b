# from __future__ imports (pytorch/examples start with them) and PEP 563's postponed annotations.
from __future__ import annotations, print_function, division
import __future__
from dataclasses import dataclass, fields


@dataclass
class Node:
    value: int
    children: list[Node]          # a forward reference: fine once annotations are strings
    parent: Optional[Node] = None  # Optional is never imported: never evaluated


class Plain:
    x: int
    y: "Plain"
    z: dict[str, list[int]] | None


print(Node.__annotations__)
print(Plain.__annotations__)
print([f.name for f in fields(Node)], [f.type for f in fields(Node)])
n = Node(1, [])
print(n, 7 / 2)
print(__future__.annotations, __future__.division.getMandatoryRelease())
print(__future__.print_function.compiler_flag, len(__future__.all_feature_names))
a: SomethingUndefined = 3
print(__annotations__, a)
