# badinput: hash() of a list subclass (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'L'
class L(list): pass
hash(L())
