# packaging: the third-party PyPA package as far as programs use it to compare versions, most often
# `from packaging import version; version.parse(torch.__version__) >= version.parse("2.0")`
# (packaging.version: Version, parse, InvalidVersion, VERSION_PATTERN, PEP 440 ordering).
# Left out: specifiers, requirements, markers, tags, utils.
__title__ = "packaging"
__version__ = "25.0"
