# from __future__ import annotations in real code: self-referencing dataclass fields (ClassVar still
# recognised), get_type_hints on classes and methods (a quoted annotation evaluated twice), PEP 604/585
# hints, and a NamedTuple whose string annotations become ForwardRef objects.
from __future__ import annotations
import dataclasses
import typing
from dataclasses import dataclass, field
from typing import ClassVar, Optional, List, get_type_hints

@dataclass
class Node:
    value: int
    children: List[Node] = field(default_factory=list)
    parent: Optional[Node] = None
    count: ClassVar[int] = 0
    tag: 'str' = 'n'

    def add(self, child: Node) -> Node:
        self.children.append(child)
        child.parent = self
        return child

root = Node(1)
root.add(Node(2))
print(root.value, [c.value for c in root.children], root.children[0].parent is root)
print([f.name for f in dataclasses.fields(Node)], Node.__annotations__)
print(get_type_hints(Node))
print(get_type_hints(Node.add))
def f(x: int, y: list[int] | None = None) -> dict[str, int]:
    return {}
print(f.__annotations__, get_type_hints(f))
class Tree(typing.NamedTuple):
    left: Optional[Tree]
    val: int
print(Tree(None, 3), Tree.__annotations__)
