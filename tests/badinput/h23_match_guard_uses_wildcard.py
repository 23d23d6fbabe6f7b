# badinput: a guard reading _ (the wildcard binds nothing)
# expect-exit: 1
# expect-stderr: NameError: name '_' is not defined
match 1:
    case _ if _ :
        pass
