# badinput: a walrus rebinding the comprehension variable
# expect-exit: 1
# expect-stderr: SyntaxError: assignment expression cannot rebind comprehension iteration variable 'i'
[i := 0 for i in range(3)]
