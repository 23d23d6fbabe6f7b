# The match statement on real data: dataclass and NamedTuple class patterns (positional through
# __match_args__ and keyword), guards, mapping patterns with captures and **rest, enum members in
# sequence patterns, or-patterns with as, int()/str() patterns, literal alternatives, split commands.
from dataclasses import dataclass
from typing import NamedTuple
from enum import Enum
@dataclass
class Point:
    x: int
    y: int
class Pair(NamedTuple):
    a: int
    b: str
class Op(Enum):
    ADD = '+'
    SUB = '-'
def describe(obj):
    match obj:
        case Point(x=0, y=0):
            return 'origin'
        case Point(x, 0):
            return f'on x axis at {x}'
        case Point(x=x, y=y) if x == y:
            return f'diagonal {x}'
        case Pair(1, b):
            return f'pair one {b}'
        case Pair(a=a):
            return f'pair {a}'
        case {'cmd': 'go', 'speed': int(s), **rest}:
            return f'go {s} {sorted(rest)}'
        case [Op.ADD, *nums]:
            return f'sum {sum(nums)}'
        case [first, second]:
            return f'two {first} {second}'
        case str() | bytes() as text:
            return f'text {text!r}'
        case int(n) if n < 0:
            return 'negative'
        case float() | int():
            return 'number'
        case None:
            return 'none'
        case _:
            return 'other'
for o in [Point(0, 0), Point(3, 0), Point(2, 2), Point(1, 2), Pair(1, 'x'), Pair(5, 'y'), {'cmd': 'go', 'speed': 3, 'dir': 'n'},
          [Op.ADD, 1, 2, 3], [1, 2], 'hi', b'by', -4, 2.5, 7, None, object]:
    print(describe(o))
print(Point.__match_args__, Pair.__match_args__)
def http(status):
    match status:
        case 200 | 201 | 204:
            return 'ok'
        case 404:
            return 'not found'
        case code if 500 <= code < 600:
            return 'server error'
    return 'unknown'
print([http(s) for s in (200, 204, 404, 503, 302)])
cmd = 'move north 3'
match cmd.split():
    case ['move', direction, steps] if steps.isdigit():
        print('moving', direction, int(steps))
    case ['quit']:
        print('quit')
