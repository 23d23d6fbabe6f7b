# badinput: a chained comparison whose second __lt__ raises: the user's error
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'int' and 'C'
class C:
    def __lt__(self, o): raise TypeError("no compare")
1 < 2 < C()
