# badinput: str() of a group whose message is 10**7 characters (h14 sweep)
# expect-exit: 0
# expect-stdout: 10000018
e = ExceptionGroup('m' * 10**7, [ValueError()])
print(len(str(e)))
