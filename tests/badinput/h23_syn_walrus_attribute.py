# badinput: a walrus whose target is an attribute
# expect-exit: 1
# expect-stderr: SyntaxError: cannot use assignment expressions with attribute
class A: pass
a=A()
(a.x := 1)
