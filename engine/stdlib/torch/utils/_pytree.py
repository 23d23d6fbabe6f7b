# torch.utils._pytree for Kiln: PyTorch's Python pytree utilities, which research code imports to
# walk nested (args, kwargs) structures (lucidrains' denoising-diffusion-pytorch xm.py: tree_map and
# tree_flatten to chunk batched calls; tensor-subclass and hook code: tree_map_only). Written after
# PyTorch's torch/utils/_pytree.py: the node registry with tuple, list, dict, namedtuple,
# OrderedDict, defaultdict and deque registered (None and every unregistered type is a leaf),
# TreeSpec / LeafSpec (repr, equality, hash, num_nodes / num_leaves / num_children, unflatten,
# flatten_up_to with PyTorch's mismatch errors), tree_flatten / tree_unflatten / tree_iter /
# tree_leaves / tree_structure, tree_map / tree_map_ (extra trees need the first as a prefix),
# map_only / tree_map_only(_), tree_all / tree_any (+ _only), the key paths (SequenceKey,
# MappingKey, GetAttrKey, tree_flatten_with_path, tree_leaves_with_path, tree_map_with_path,
# keystr, key_get), register_pytree_node / register_dataclass, treespec_pprint and
# _broadcast_to_and_flatten. Left out: treespec_dumps / treespec_loads (the JSON schema used by
# torch.export) and the optree-backed C++ pytree.
import dataclasses
import functools
from collections import OrderedDict, defaultdict, deque, namedtuple

__all__ = ["PyTree", "Context", "TreeSpec", "LeafSpec", "keystr", "key_get", "register_pytree_node", "tree_is_leaf",
           "tree_flatten", "tree_flatten_with_path", "tree_unflatten", "tree_iter", "tree_leaves",
           "tree_leaves_with_path", "tree_structure", "tree_map", "tree_map_with_path", "tree_map_", "tree_map_only",
           "tree_map_only_", "tree_all", "tree_any", "tree_all_only", "tree_any_only", "treespec_pprint",
           "is_namedtuple", "is_namedtuple_class", "is_namedtuple_instance"]

Context = object
PyTree = object


class NodeDef:
    def __init__(self, type, flatten_fn, unflatten_fn, flatten_with_keys_fn):
        self.type = type
        self.flatten_fn = flatten_fn
        self.unflatten_fn = unflatten_fn
        self.flatten_with_keys_fn = flatten_with_keys_fn


SUPPORTED_NODES = {}


def register_pytree_node(cls, flatten_fn, unflatten_fn, *, serialized_type_name=None, to_dumpable_context=None,
                         from_dumpable_context=None, flatten_with_keys_fn=None):
    if cls in SUPPORTED_NODES:
        raise ValueError(f"{cls} is already registered as pytree node.")
    _private_register_pytree_node(cls, flatten_fn, unflatten_fn, serialized_type_name=serialized_type_name,
                                  to_dumpable_context=to_dumpable_context,
                                  from_dumpable_context=from_dumpable_context,
                                  flatten_with_keys_fn=flatten_with_keys_fn)


def _private_register_pytree_node(cls, flatten_fn, unflatten_fn, *, serialized_type_name=None,
                                  to_dumpable_context=None, from_dumpable_context=None, flatten_with_keys_fn=None):
    if cls in SUPPORTED_NODES:
        import warnings
        warnings.warn(f"{cls} is already registered as pytree node. Overwriting the previous registration.")
    SUPPORTED_NODES[cls] = NodeDef(cls, flatten_fn, unflatten_fn, flatten_with_keys_fn)
    if (to_dumpable_context is None) ^ (from_dumpable_context is None):
        raise ValueError(f"Both to_dumpable_context and from_dumpable_context for {cls} must be None or registered.")


def register_dataclass(cls, *, field_names=None, drop_field_names=None, serialized_type_name=None):
    drop_field_names = drop_field_names or []
    if not dataclasses.is_dataclass(cls):
        if field_names is None:
            raise ValueError("field_names must be specified with a list of all fields used to "
                             f"initialize {cls}, as it is not a dataclass.")
    elif field_names is None:
        field_names = [f.name for f in dataclasses.fields(cls) if f.init]

    def _flatten_fn(obj):
        flattened, flat_names, none_names = [], [], []
        for name in field_names:
            val = getattr(obj, name)
            if val is not None:
                flattened.append(val)
                flat_names.append(name)
            else:
                none_names.append(name)
        return flattened, [flat_names, none_names]

    def _unflatten_fn(values, context):
        flat_names, none_names = context
        return cls(**dict(zip(flat_names, values)), **dict.fromkeys(none_names))

    def _flatten_fn_with_keys(obj):
        flattened, (flat_names, _none_names) = _flatten_fn(obj)
        return [(GetAttrKey(k), v) for k, v in zip(flat_names, flattened)], flat_names

    _private_register_pytree_node(cls, _flatten_fn, _unflatten_fn, flatten_with_keys_fn=_flatten_fn_with_keys)


@dataclasses.dataclass(frozen=True)
class SequenceKey:
    idx: int

    def __str__(self):
        return f"[{self.idx!r}]"

    def get(self, sequence):
        return sequence[self.idx]


@dataclasses.dataclass(frozen=True)
class MappingKey:
    key: object

    def __str__(self):
        return f"[{self.key!r}]"

    def get(self, mapping):
        return mapping[self.key]


@dataclasses.dataclass(frozen=True)
class GetAttrKey:
    name: str

    def __str__(self):
        return f".{self.name}"

    def get(self, obj):
        return getattr(obj, self.name)


def is_namedtuple(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return is_namedtuple_class(cls)


def is_namedtuple_class(cls):
    return (isinstance(cls, type) and issubclass(cls, tuple) and isinstance(getattr(cls, "_fields", None), tuple)
            and all(type(field) is str for field in cls._fields) and callable(getattr(cls, "_make", None))
            and callable(getattr(cls, "_asdict", None)))


def is_namedtuple_instance(obj):
    return is_namedtuple_class(type(obj))


def _tuple_flatten(d):
    return list(d), None


def _tuple_flatten_with_keys(d):
    values, context = _tuple_flatten(d)
    return [(SequenceKey(i), v) for i, v in enumerate(values)], context


def _tuple_unflatten(values, context):
    return tuple(values)


def _list_flatten(d):
    return d, None


def _list_flatten_with_keys(d):
    values, context = _list_flatten(d)
    return [(SequenceKey(i), v) for i, v in enumerate(values)], context


def _list_unflatten(values, context):
    return list(values)


def _dict_flatten(d):
    return list(d.values()), list(d.keys())


def _dict_flatten_with_keys(d):
    values, context = _dict_flatten(d)
    return [(MappingKey(k), v) for k, v in zip(context, values)], context


def _dict_unflatten(values, context):
    return dict(zip(context, values))


def _namedtuple_flatten(d):
    return list(d), type(d)


def _namedtuple_flatten_with_keys(d):
    values, context = _namedtuple_flatten(d)
    return [(GetAttrKey(field), v) for field, v in zip(context._fields, values)], context


def _namedtuple_unflatten(values, context):
    return context(*values)


def _ordereddict_flatten(d):
    return list(d.values()), list(d.keys())


def _ordereddict_flatten_with_keys(d):
    values, context = _ordereddict_flatten(d)
    return [(MappingKey(k), v) for k, v in zip(context, values)], context


def _ordereddict_unflatten(values, context):
    return OrderedDict((key, value) for key, value in zip(context, values))


def _defaultdict_flatten(d):
    values, dict_context = _dict_flatten(d)
    return values, [d.default_factory, dict_context]


def _defaultdict_flatten_with_keys(d):
    values, context = _defaultdict_flatten(d)
    _, dict_context = context
    return [(MappingKey(k), v) for k, v in zip(dict_context, values)], context


def _defaultdict_unflatten(values, context):
    default_factory, dict_context = context
    return defaultdict(default_factory, _dict_unflatten(values, dict_context))


def _deque_flatten(d):
    return list(d), d.maxlen


def _deque_flatten_with_keys(d):
    values, context = _deque_flatten(d)
    return [(SequenceKey(i), v) for i, v in enumerate(values)], context


def _deque_unflatten(values, context):
    return deque(values, maxlen=context)


_private_register_pytree_node(tuple, _tuple_flatten, _tuple_unflatten, flatten_with_keys_fn=_tuple_flatten_with_keys)
_private_register_pytree_node(list, _list_flatten, _list_unflatten, flatten_with_keys_fn=_list_flatten_with_keys)
_private_register_pytree_node(dict, _dict_flatten, _dict_unflatten, flatten_with_keys_fn=_dict_flatten_with_keys)
_private_register_pytree_node(namedtuple, _namedtuple_flatten, _namedtuple_unflatten,
                              flatten_with_keys_fn=_namedtuple_flatten_with_keys)
_private_register_pytree_node(OrderedDict, _ordereddict_flatten, _ordereddict_unflatten,
                              flatten_with_keys_fn=_ordereddict_flatten_with_keys)
_private_register_pytree_node(defaultdict, _defaultdict_flatten, _defaultdict_unflatten,
                              flatten_with_keys_fn=_defaultdict_flatten_with_keys)
_private_register_pytree_node(deque, _deque_flatten, _deque_unflatten, flatten_with_keys_fn=_deque_flatten_with_keys)

STANDARD_DICT_TYPES = frozenset({dict, OrderedDict, defaultdict})
BUILTIN_TYPES = frozenset({tuple, list, dict, namedtuple, OrderedDict, defaultdict, deque})


def _get_node_type(tree):
    node_type = type(tree)
    # every namedtuple type is a node, registered under `namedtuple` itself
    if is_namedtuple_class(node_type):
        return namedtuple
    return node_type


def tree_is_leaf(tree, is_leaf=None):
    if is_leaf is not None and is_leaf(tree):
        return True
    return _get_node_type(tree) not in SUPPORTED_NODES


class TreeSpec:
    def __init__(self, type, context, children_specs):
        self.type = type
        self.context = context
        self.children_specs = children_specs
        self.num_nodes = sum((spec.num_nodes for spec in children_specs), 1)
        self.num_leaves = sum(spec.num_leaves for spec in children_specs)
        self.num_children = len(children_specs)

    def __repr__(self, indent=0):
        repr_prefix = f"TreeSpec({self.type.__name__}, {self.context}, ["
        children_specs_str = ""
        if self.num_children > 0:
            indent += 2
            children_specs_str += self.children_specs[0].__repr__(indent)
            children_specs_str += "," if self.num_children > 1 else ""
            children_specs_str += ",".join(["\n" + " " * indent + child.__repr__(indent)
                                            for child in self.children_specs[1:]])
        return repr_prefix + f"{children_specs_str}])"

    def __eq__(self, other):
        if self is other:
            return True
        elif other.__class__ is self.__class__:
            if str(self.type) != str(other.type):
                return False
            if self.context != other.context:
                return False
            elif self.children_specs != other.children_specs:
                return False
            return True
        return NotImplemented

    def __hash__(self):
        node_type = self.type
        if node_type is defaultdict:
            default_factory, dict_context = self.context
            hashable_context = (default_factory, tuple(dict_context))
        elif node_type in (dict, OrderedDict):
            hashable_context = tuple(self.context)
        elif node_type is None or node_type in BUILTIN_TYPES:
            hashable_context = self.context
        else:
            hashable_context = None
        return hash((node_type, hashable_context, tuple(self.children_specs)))

    def is_leaf(self):
        return self.num_nodes == 1 and self.num_leaves == 1

    def flatten_up_to(self, tree):
        def helper(treespec, tree, subtrees):
            if treespec.is_leaf():
                subtrees.append(tree)
                return
            node_type = _get_node_type(tree)
            if treespec.type not in BUILTIN_TYPES:
                if node_type != treespec.type:
                    raise ValueError(f"Type mismatch; expected {treespec.type!r}, but got {node_type!r}.")
                children, context = SUPPORTED_NODES[node_type].flatten_fn(tree)
                if len(children) != treespec.num_children:
                    raise ValueError(f"Node arity mismatch; expected {treespec.num_children}, but got {len(children)}.")
                if context != treespec.context:
                    raise ValueError(f"Node context mismatch for custom node type {treespec.type!r}.")
            else:
                both_standard_dict = treespec.type in STANDARD_DICT_TYPES and node_type in STANDARD_DICT_TYPES
                if not both_standard_dict and node_type != treespec.type:
                    raise ValueError(f"Node type mismatch; expected {treespec.type!r}, but got {node_type!r}.")
                if len(tree) != treespec.num_children:
                    raise ValueError(f"Node arity mismatch; expected {treespec.num_children}, but got {len(tree)}.")
                if both_standard_dict:
                    expected_keys = treespec.context if treespec.type is not defaultdict else treespec.context[1]
                    got_key_set = set(tree)
                    expected_key_set = set(expected_keys)
                    if got_key_set != expected_key_set:
                        missing_keys = expected_key_set.difference(got_key_set)
                        extra_keys = got_key_set.difference(expected_key_set)
                        message = ""
                        if missing_keys:
                            message += f"; missing key(s): {missing_keys}"
                        if extra_keys:
                            message += f"; extra key(s): {extra_keys}"
                        raise ValueError(f"Node keys mismatch{message}.")
                    children = [tree[key] for key in expected_keys]
                else:
                    children, context = SUPPORTED_NODES[node_type].flatten_fn(tree)
                    if node_type is not deque and context != treespec.context:
                        raise ValueError(f"Node context mismatch for node type {treespec.type!r}; "
                                         f"expected {treespec.context!r}, but got {context!r}.")
            for subtree, subspec in zip(children, treespec.children_specs):
                helper(subspec, subtree, subtrees)

        subtrees = []
        helper(self, tree, subtrees)
        return subtrees

    def unflatten(self, leaves):
        if not isinstance(leaves, (list, tuple)):
            leaves = list(leaves)
        if len(leaves) != self.num_leaves:
            raise ValueError(f"treespec.unflatten(leaves): `leaves` has length {len(leaves)} "
                             f"but the spec refers to a pytree that holds {self.num_leaves} items ({self}).")
        if self.is_leaf():
            return leaves[0]
        unflatten_fn = SUPPORTED_NODES[self.type].unflatten_fn
        start = 0
        end = 0
        child_pytrees = []
        for child_spec in self.children_specs:
            end += child_spec.num_leaves
            child_pytrees.append(child_spec.unflatten(leaves[start:end]))
            start = end
        return unflatten_fn(child_pytrees, self.context)


class LeafSpec(TreeSpec):
    def __init__(self):
        self.type = None
        self.context = None
        self.children_specs = []
        self.num_nodes = 1
        self.num_leaves = 1
        self.num_children = 0

    def __repr__(self, indent=0):
        return "*"

    __eq__ = TreeSpec.__eq__
    __hash__ = TreeSpec.__hash__


_LEAF_SPEC = LeafSpec()


def tree_flatten(tree, is_leaf=None):
    def helper(node, leaves):
        if tree_is_leaf(node, is_leaf=is_leaf):
            leaves.append(node)
            return _LEAF_SPEC
        node_type = _get_node_type(node)
        children, context = SUPPORTED_NODES[node_type].flatten_fn(node)
        subspecs = [helper(child, leaves) for child in children]
        return TreeSpec(node_type, context, subspecs)

    leaves = []
    treespec = helper(tree, leaves)
    return leaves, treespec


def tree_unflatten(leaves, treespec):
    if not isinstance(treespec, TreeSpec):
        raise TypeError(f"tree_unflatten(leaves, treespec): Expected `treespec` to be "
                        f"instance of TreeSpec but got item of type {type(treespec)}.")
    return treespec.unflatten(leaves)


def tree_iter(tree, is_leaf=None):
    if tree_is_leaf(tree, is_leaf=is_leaf):
        yield tree
    else:
        child_pytrees, _ = SUPPORTED_NODES[_get_node_type(tree)].flatten_fn(tree)
        for child in child_pytrees:
            yield from tree_iter(child, is_leaf=is_leaf)


def tree_leaves(tree, is_leaf=None):
    return list(tree_iter(tree, is_leaf=is_leaf))


def tree_structure(tree, is_leaf=None):
    return tree_flatten(tree, is_leaf=is_leaf)[1]


def tree_map(func, tree, *rests, is_leaf=None):
    leaves, treespec = tree_flatten(tree, is_leaf=is_leaf)
    flat_args = [leaves] + [treespec.flatten_up_to(r) for r in rests]
    return treespec.unflatten(map(func, *flat_args))


def tree_map_(func, tree, *rests, is_leaf=None):
    leaves, treespec = tree_flatten(tree, is_leaf=is_leaf)
    flat_args = [leaves] + [treespec.flatten_up_to(r) for r in rests]
    deque(map(func, *flat_args), maxlen=0)
    return tree


def map_only(type_or_types_or_pred, /):
    if isinstance(type_or_types_or_pred, (type, tuple)):
        def pred(x):
            return isinstance(x, type_or_types_or_pred)
    elif callable(type_or_types_or_pred):
        pred = type_or_types_or_pred
    else:
        raise TypeError("Argument must be a type, a tuple of types, or a callable.")

    def wrapper(func):
        @functools.wraps(func)
        def wrapped(x):
            if pred(x):
                return func(x)
            return x
        return wrapped

    return wrapper


def tree_map_only(type_or_types_or_pred, /, func, tree, is_leaf=None):
    return tree_map(map_only(type_or_types_or_pred)(func), tree, is_leaf=is_leaf)


def tree_map_only_(type_or_types_or_pred, /, func, tree, is_leaf=None):
    return tree_map_(map_only(type_or_types_or_pred)(func), tree, is_leaf=is_leaf)


def tree_all(pred, tree, is_leaf=None):
    return all(map(pred, tree_iter(tree, is_leaf=is_leaf)))


def tree_any(pred, tree, is_leaf=None):
    return any(map(pred, tree_iter(tree, is_leaf=is_leaf)))


def tree_all_only(type_or_types, /, pred, tree, is_leaf=None):
    return all(pred(x) for x in tree_iter(tree, is_leaf=is_leaf) if isinstance(x, type_or_types))


def tree_any_only(type_or_types, /, pred, tree, is_leaf=None):
    return any(pred(x) for x in tree_iter(tree, is_leaf=is_leaf) if isinstance(x, type_or_types))


def _broadcast_to_and_flatten(tree, treespec, is_leaf=None):
    assert isinstance(treespec, TreeSpec)
    if tree_is_leaf(tree, is_leaf=is_leaf):
        return [tree] * treespec.num_leaves
    if treespec.is_leaf():
        return None
    node_type = _get_node_type(tree)
    if node_type != treespec.type:
        return None
    child_pytrees, ctx = SUPPORTED_NODES[node_type].flatten_fn(tree)
    if len(child_pytrees) != treespec.num_children or ctx != treespec.context:
        return None
    result = []
    for child, child_spec in zip(child_pytrees, treespec.children_specs):
        flat = _broadcast_to_and_flatten(child, child_spec, is_leaf=is_leaf)
        if flat is not None:
            result += flat
        else:
            return None
    return result


class _DummyLeaf:
    def __repr__(self):
        return "*"


def treespec_pprint(treespec):
    return repr(tree_unflatten([_DummyLeaf() for _ in range(treespec.num_leaves)], treespec))


def arg_tree_leaves(*args, **kwargs):
    leaves = []
    for a in args:
        leaves.extend(tree_iter(a))
    for a in kwargs.values():
        leaves.extend(tree_iter(a))
    return leaves


def tree_flatten_with_path(tree, is_leaf=None):
    _, treespec = tree_flatten(tree, is_leaf)
    return list(_generate_key_paths((), tree, is_leaf)), treespec


def tree_leaves_with_path(tree, is_leaf=None):
    return list(_generate_key_paths((), tree, is_leaf))


def _generate_key_paths(key_path, tree, is_leaf=None):
    if is_leaf and is_leaf(tree):
        yield key_path, tree
        return
    node_type = _get_node_type(tree)
    handler = SUPPORTED_NODES.get(node_type)
    if not handler:
        yield key_path, tree
        return
    flatten_with_keys = handler.flatten_with_keys_fn
    if flatten_with_keys:
        key_children, _ = flatten_with_keys(tree)
        for k, c in key_children:
            yield from _generate_key_paths((*key_path, k), c, is_leaf)
    else:
        raise ValueError(f"Did not find a flatten_with_keys_fn for type: {node_type}. "
                         "Please pass a flatten_with_keys_fn argument to register_pytree_node.")


def tree_map_with_path(func, tree, *rests, is_leaf=None):
    keypath_leaves, treespec = tree_flatten_with_path(tree, is_leaf)
    keypath_leaves = list(zip(*keypath_leaves))
    all_keypath_leaves = keypath_leaves + [treespec.flatten_up_to(r) for r in rests]
    return treespec.unflatten(func(*xs) for xs in zip(*all_keypath_leaves))


def keystr(kp):
    return "".join([str(k) for k in kp])


def key_get(obj, kp):
    for k in kp:
        obj = k.get(obj)
    return obj
