# badinput: a walrus in an inner comprehension rebinding the outer one's variable
# expect-exit: 1
# expect-stderr: SyntaxError: assignment expression cannot rebind comprehension iteration variable 'j'
[[(j := i) for i in range(2)] for j in range(2)]
