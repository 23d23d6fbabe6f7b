# badinput: wrong arguments to warnings.filterwarnings/simplefilter, os.getenv, time.strftime and json.loads (bytes documents were refused as "not bytes"; getenv(5) passed silently; a non-str message crashed)
# expect-exit: 1
# expect-stderr: AssertionError: invalid action: 'bogus'
import json
import os
import time
import warnings
print(json.loads(b'{"a": [1, 2]}'), json.loads(bytearray(b'"x"')))
for call, kind, text in ((lambda: json.loads(5), TypeError, "the JSON object must be str, bytes or bytearray, not int"),
                         (lambda: json.loads(b"\xff"), UnicodeDecodeError, None),
                         (lambda: os.getenv(5), TypeError, "str expected, not int"),
                         (lambda: time.strftime(5), TypeError, "strftime() argument 1 must be str, not int"),
                         (lambda: warnings.filterwarnings("ignore", message=5), AssertionError, "message must be a string"),
                         (lambda: warnings.filterwarnings("ignore", category=5), AssertionError, "category must be a class"),
                         (lambda: warnings.filterwarnings("ignore", category=int), AssertionError,
                          "category must be a Warning subclass"),
                         (lambda: warnings.filterwarnings("ignore", module=5), AssertionError, "module must be a string"),
                         (lambda: warnings.simplefilter(5), AssertionError, "invalid action: 5")):
    try:
        call()
        raise SystemExit("no error: " + str(text))
    except kind as e:
        assert text is None or str(e) == text, (str(e), text)
warnings.simplefilter("bogus")
