// Names of AST kinds and operators (see ast.h); the printer is ast_print.cpp.
#include "lang/ast.h"

namespace kiln::lang {

const char* expr_kind_name(ExprKind kind) {
    switch (kind) {
#define KILN_X(k) \
    case ExprKind::k: return #k;
        KILN_EXPR_KINDS(KILN_X)
#undef KILN_X
    }
    return "?";
}

const char* stmt_kind_name(StmtKind kind) {
    if (kind == StmtKind::ExprStmt) return "Expr";
    switch (kind) {
#define KILN_X(k) \
    case StmtKind::k: return #k;
        KILN_STMT_KINDS(KILN_X)
#undef KILN_X
    }
    return "?";
}

const char* pattern_kind_name(PatternKind kind) {
    static const char* names[] = {"MatchValue", "MatchSingleton", "MatchSequence", "MatchMapping",
                                  "MatchClass", "MatchStar",      "MatchAs",       "MatchOr"};
    return names[static_cast<int>(kind)];
}

const char* bool_op_name(BoolOpKind op) { return op == BoolOpKind::And ? "And" : "Or"; }

const char* bin_op_name(BinOpKind op) {
    static const char* names[] = {"Add",    "Sub",    "Mult",  "MatMult", "Div",    "Mod",     "Pow",
                                  "LShift", "RShift", "BitOr", "BitXor",  "BitAnd", "FloorDiv"};
    return names[static_cast<int>(op)];
}

const char* bin_op_symbol(BinOpKind op) {
    static const char* symbols[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
    return symbols[static_cast<int>(op)];
}

const char* unary_op_name(UnaryOpKind op) {
    static const char* names[] = {"Invert", "Not", "UAdd", "USub"};
    return names[static_cast<int>(op)];
}

const char* cmp_op_name(CmpOpKind op) {
    static const char* names[] = {"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"};
    return names[static_cast<int>(op)];
}

const char* expr_context_name(ExprContext ctx) {
    static const char* names[] = {"Load", "Store", "Del"};
    return names[static_cast<int>(ctx)];
}

const char* constant_kind_name(ConstantKind kind) {
    static const char* names[] = {"None", "True", "False", "int", "float", "str", "Ellipsis", "bytes", "complex"};
    return names[static_cast<int>(kind)];
}

}  // namespace kiln::lang
