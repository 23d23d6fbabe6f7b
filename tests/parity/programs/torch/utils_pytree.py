# torch.utils._pytree: flattening nested containers into leaves and a TreeSpec, mapping over them,
# key paths, custom nodes, and the structure-mismatch errors.
from collections import OrderedDict, defaultdict, deque, namedtuple
import torch
import torch.utils._pytree as pytree
from torch.utils._pytree import tree_flatten, tree_unflatten, tree_map, tree_leaves, tree_structure

tree = {'a': 1, 'b': (2, [3, 4.5]), 'c': None, 'd': {'e': 'x'}}
leaves, spec = tree_flatten(tree)
print(leaves)
print(spec)
print(spec.num_leaves, spec.num_nodes, spec.num_children, spec.is_leaf())
print(tree_unflatten([10, 20, 30, 40, 50, 60], spec))
print(tree_map(lambda v: v * 2 if isinstance(v, (int, float)) else v, tree))
print(tree_map(lambda x, y: x + y, [1, (2, 3)], [10, (20, 30)]))
print(tree_map(lambda x, y: [x] + y, [5, 6], [[7, 9], [1, 2]]))
print(tree_leaves([1, [2, [3, [4]]]]), tree_leaves(7), tree_leaves([]))
print(tree_structure((1, 2)), tree_structure(5), tree_structure([]))
print(tree_structure((1, 2)) == tree_structure((3, 4)), tree_structure((1, 2)) == tree_structure([3, 4]))
print(hash(tree_structure((1, 2))) == hash(tree_structure(('a', 'b'))))

Point = namedtuple('Point', ['x', 'y'])
nt_leaves, nt_spec = tree_flatten(Point(1, [2, 3]))
print(nt_leaves, nt_spec.type.__name__, tree_unflatten([7, 8, 9], nt_spec))
od = OrderedDict([('z', 1), ('y', 2)])
print(tree_map(lambda v: -v, od))
dd = defaultdict(list, {'k': 1})
r = tree_map(lambda v: v + 1, dd)
print(type(r).__name__, dict(r), r.default_factory is list)
dq = deque([1, 2, 3], maxlen=5)
print(tree_map(str, dq))

t = {'w': torch.ones(2), 'b': [torch.zeros(1), 3]}
doubled = pytree.tree_map_only(torch.Tensor, lambda x: x * 2, t)
print(doubled)
print(pytree.tree_all(lambda v: v is not None, [1, 2]), pytree.tree_any(lambda v: v == 3, t['b'][1:]))
print(pytree.tree_all_only(torch.Tensor, lambda x: x.numel() > 1, t), pytree.tree_any_only(int, lambda v: v > 2, t))
seen = []
print(pytree.tree_map_(seen.append, (1, [2])) == (1, [2]), seen)

kp_leaves, _ = pytree.tree_flatten_with_path({'a': [10, {'b': 20}], 'p': Point(1, 2)})
for kp, v in kp_leaves:
    print(pytree.keystr(kp), v, kp)
print(pytree.key_get({'a': [10, {'b': 20}]}, kp_leaves[1][0]))
print(pytree.tree_map_with_path(lambda kp, v: pytree.keystr(kp) + '=' + str(v), {'q': (1, 2)}))
print(pytree.treespec_pprint(tree_structure({'a': (1, 2), 'b': [3]})))
print(pytree.tree_is_leaf(None), pytree.tree_is_leaf([1]), pytree.tree_is_leaf((1, 2), is_leaf=lambda x: isinstance(x, tuple)))
print(tree_flatten([1, (2, 3)], is_leaf=lambda x: isinstance(x, tuple)))


class Pair:
    def __init__(self, first, second):
        self.first, self.second = first, second

    def __repr__(self):
        return f'Pair({self.first!r}, {self.second!r})'


pytree.register_pytree_node(Pair, lambda p: ([p.first, p.second], None), lambda vals, ctx: Pair(*vals))
print(tree_map(lambda v: v * 10, [Pair(1, 2), Pair(3, (4, 5))]))
try:
    pytree.register_pytree_node(Pair, lambda p: ([], None), lambda v, c: None)
except ValueError as e:
    print('ValueError', e)

for bad in [[1], (1, 2, 3), {'a': 1, 'c': 2}]:
    try:
        tree_map(lambda x, y: x, [1, 2] if not isinstance(bad, dict) else {'a': 1, 'b': 2}, bad)
    except ValueError as e:
        print('ValueError', e)
try:
    tree_unflatten([1, 2, 3], tree_structure((1, 2)))
except ValueError as e:
    print('ValueError', e)
try:
    tree_unflatten([1], [1])
except TypeError as e:
    print('TypeError', e)
