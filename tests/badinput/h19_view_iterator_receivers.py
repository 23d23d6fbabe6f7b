# badinput: methods of dict views, iterators and BaseException taken from their class and called with another object (a dict view read it as a view: a crash)
# expect-exit: 1
# expect-stderr: TypeError: descriptor '__len__' requires a 'dict_keys' object but received a 'int'
for call, text in ((lambda: type({}.items()).__contains__(5, 1), "descriptor '__contains__' requires a 'dict_items' object but received a 'int'"),
                   (lambda: type({}.keys()).__reversed__(5), "descriptor '__reversed__' for 'dict_keys' objects doesn't apply to a 'int' object"),
                   (lambda: type({}.values()).__iter__(5), "descriptor '__iter__' requires a 'dict_values' object but received a 'int'"),
                   (lambda: type(iter([])).__next__(5), "descriptor '__next__' requires a 'list_iterator' object but received a 'int'"),
                   (lambda: type(zip()).__next__(), "descriptor '__next__' of 'zip' object needs an argument"),
                   (lambda: iter([]).__next__(1), "expected 0 arguments, got 1"),
                   (lambda: BaseException.with_traceback(5, None),
                    "descriptor 'with_traceback' for 'BaseException' objects doesn't apply to a 'int' object")):
    try:
        call()
        raise AssertionError(text)
    except TypeError as e:
        assert str(e) == text, (str(e), text)
print(type({}.keys()).__len__({1: 2}.keys()), list(type({}.items()).__iter__({1: 2}.items())))
type({}.keys()).__len__(5)
