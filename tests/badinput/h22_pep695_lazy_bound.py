# badinput: PEP 695 bound and constraints are evaluated lazily
# expect-exit: 0
# expect-stdout: <class '__main__.Node'> (<class 'int'>, <class 'str'>)
class Node[T: Node]: pass
def g[U: (int, str)](u: U) -> U: return u
print(Node.__type_params__[0].__bound__, g.__type_params__[0].__constraints__)
