# copy.copy/deepcopy of objects, nested lists, cycles and classes with __copy__/__deepcopy__;
# inspect.signature parts, predicates, getmembers, bind/apply_defaults; operator's functions and
# itemgetter/attrgetter/methodcaller.
import copy, inspect, operator
class Node:
    def __init__(self, v, kids=None):
        self.v = v
        self.kids = kids or []
n = Node(1, [Node(2)])
c = copy.copy(n); d = copy.deepcopy(n)
print(c.kids is n.kids, d.kids is n.kids, d.kids[0].v)
lst = [[1], [2]]; sh = copy.copy(lst); dp = copy.deepcopy(lst)
lst[0].append(9); print(sh, dp)
class WithCopy:
    def __init__(self):
        self.x = [1]
    def __copy__(self):
        print('custom copy'); return WithCopy()
    def __deepcopy__(self, memo):
        print('custom deepcopy'); return WithCopy()
copy.copy(WithCopy()); copy.deepcopy(WithCopy())
cyc = [1]; cyc.append(cyc); cc = copy.deepcopy(cyc); print(cc[1] is cc, cc is not cyc)
def f(a, b: int = 2, *args, c, d=4, **kw) -> str:
    '''doc of f'''
    return ''
sig = inspect.signature(f)
print(sig, list(sig.parameters), sig.parameters['b'].default, sig.parameters['c'].kind, sig.return_annotation, sig.parameters['b'].annotation)
print(inspect.isfunction(f), inspect.isclass(Node), inspect.ismethod(Node(1).__init__), inspect.getdoc(f), inspect.isgeneratorfunction(f), inspect.isbuiltin(len))
print([m for m, _ in inspect.getmembers(Node) if not m.startswith('__')], inspect.getmodule(f).__name__, f.__name__, f.__code__.co_argcount)
bound = sig.bind(1, c=3); bound.apply_defaults(); print(bound.arguments)
print(operator.add(1, 2), operator.itemgetter(1, 0)('ab'), operator.attrgetter('v')(n), operator.methodcaller('upper')('x'), operator.neg(3))
print(sorted([('b', 2), ('a', 1)], key=operator.itemgetter(1)), operator.mul(3, 4), operator.truediv(1, 4), operator.contains([1], 1), operator.not_(0))
print(operator.getitem({'k': 1}, 'k'), operator.index(5), operator.concat([1], [2]), operator.pow(2, 3), operator.and_(6, 3), operator.lt(1, 2))
