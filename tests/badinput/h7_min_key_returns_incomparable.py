# badinput: min with a key returning incomparable values
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'str' and 'int'
min([1, 2, 3], key=lambda x: 'a' if x == 2 else x)
