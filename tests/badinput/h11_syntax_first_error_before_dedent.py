# badinput: a mutated real program (two lines swapped) leaves an if without its body, and a later line dedents to no known level: CPython reports the first error in the file (its tokenizer runs under the parser), not the later dedent (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: h11_syntax_first_error_before_dedent.py:7:5: IndentationError: expected an indented block after 'if' statement on line 6
class Cache:
    def f(self, key):
        if key in self.cache:
    def g(self):
            return 1
        y = 2
