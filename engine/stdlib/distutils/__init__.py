# distutils: the two pieces of the removed standard package that training scripts still import,
# distutils.version (LooseVersion/StrictVersion, for `torch.__version__` checks) and
# distutils.util.strtobool (argparse boolean flags). CPython 3.12 no longer ships distutils; the
# reference environment has it because PyTorch 2.11 depends on setuptools on 3.12, whose
# distutils-precedence hook serves `import distutils` from setuptools' vendored copy — these
# modules follow that copy's behaviour. Builds, compilers and commands are not here.
