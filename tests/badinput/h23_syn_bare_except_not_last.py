# badinput: a bare except before a typed one
# expect-exit: 1
# expect-stderr: SyntaxError: default 'except:' must be last
try:
    pass
except:
    pass
except ValueError:
    pass
