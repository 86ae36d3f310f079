// SPDX-License-Identifier: GPL-3.0-or-later
// The table every engine's tests share: the worked example of docs/algorithms.md.
#pragma once

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core::testing {

/// The worked example of algorithms.md: Birth, Gender, ZIP, Marital.
inline EncodedTable workedExample()
{
    return encodeRows({"Birth", "Gender", "ZIP", "Marital"}, {
                                                                 {"09/64", "Female", "94139", "Divorced"},
                                                                 {"09/64", "Female", "94138", "Divorced"},
                                                                 {"04/64", "Male", "94138", "Widow"},
                                                                 {"04/64", "Male", "94139", "Married"},
                                                                 {"03/63", "Male", "94138", "Married"},
                                                                 {"03/63", "Male", "94138", "Married"},
                                                                 {"09/64", "Female", "94141", "Married"},
                                                                 {"09/64", "Female", "94141", "Married"},
                                                                 {"05/61", "Male", "94138", "Single"},
                                                                 {"05/61", "Male", "94138", "Single"},
                                                             });
}

} // namespace qiscout::core::testing
