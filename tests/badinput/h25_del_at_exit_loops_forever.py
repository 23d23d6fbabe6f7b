# badinput: a __del__ that loops forever when the shutdown runs it: the instruction budget ends it with its error (not swallowed as other __del__ errors are), status 1
# kiln-args: --max-instructions 2000000
# expect-exit: 1
# expect-stderr: KilnLimitError: instruction budget of 2000000 exhausted
class A:
    def __del__(self):
        while True:
            pass
a = A()
print('end')
