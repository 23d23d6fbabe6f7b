# A package for import_sys_modules_swap.py.
