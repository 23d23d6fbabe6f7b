# badinput: complex compare
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'complex' and 'complex'
1j < 2j
