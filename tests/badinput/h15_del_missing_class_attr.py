# badinput: del of a missing class attribute: AttributeError naming it
# expect-exit: 1
# expect-stderr: AttributeError: type object 'C' has no attribute 'nope'
class C: pass
del C.nope
