# open() errors as CPython words them: missing files, directories, bad modes and arguments.
import os

try:
    open("tmp_no_such_file.txt")
except FileNotFoundError as e:
    print("FileNotFoundError", e)
    print(e.errno, e.strerror, e.filename, e.args)
try:
    open("tmp_no_such_dir/file.txt", "w")
except FileNotFoundError as e:
    print("FileNotFoundError", e)
os.mkdir("tmp_file_io_errors_dir")
try:
    open("tmp_file_io_errors_dir")
except IsADirectoryError as e:
    print("IsADirectoryError", e)
try:
    open("tmp_file_io_errors_dir", "w")
except IsADirectoryError as e:
    print("IsADirectoryError", e)
os.rmdir("tmp_file_io_errors_dir")
for mode in ["rw", "z", "rr", "", "r+w", "bt"]:
    try:
        open("x.txt", mode)
    except ValueError as e:
        print(repr(mode), "ValueError", e)
try:
    open(3.5)
except TypeError as e:
    print("TypeError", e)
print(issubclass(FileNotFoundError, OSError), issubclass(IsADirectoryError, OSError), issubclass(PermissionError, OSError))
try:
    open("tmp_no_such_file.txt")
except OSError as e:
    print("caught as OSError:", type(e).__name__)
