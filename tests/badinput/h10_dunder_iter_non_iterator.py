# badinput: dunder iter non iterator
# expect-exit: 1
# expect-stderr: TypeError: iter() returned non-iterator of type 'int'
class A:
    def __iter__(self):
        return 5
for x in A(): pass
