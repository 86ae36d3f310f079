// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/statistical_fixture.h"

#include <cmath>
#include <memory>
#include <stdexcept>

#include <readstat.h>

namespace qiscout::test {
namespace {

ssize_t appendBytes(const void* data, std::size_t length, void* context)
{
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), length);
    return static_cast<ssize_t>(length);
}

void check(readstat_error_t error)
{
    if (error != READSTAT_OK)
        throw std::runtime_error(std::string("ReadStat could not write the fixture: ") + readstat_error_message(error));
}

/// Days since 1970-01-01 of the fixture's dates.
constexpr double bornDays[] = {7441, 5479, 0, NAN, 11016};

} // namespace

const char* fixtureExtension(StatisticalFixtureFormat format)
{
    switch (format) {
    case StatisticalFixtureFormat::Sav:
        return ".sav";
    case StatisticalFixtureFormat::Zsav:
        return ".zsav";
    case StatisticalFixtureFormat::Por:
        return ".por";
    case StatisticalFixtureFormat::Dta:
        return ".dta";
    case StatisticalFixtureFormat::Xport:
        return ".xpt";
    case StatisticalFixtureFormat::Sas7bdat:
        break;
    }
    return ".sas7bdat";
}

std::string statisticalFixture(StatisticalFixtureFormat format)
{
    const bool spss = format == StatisticalFixtureFormat::Sav || format == StatisticalFixtureFormat::Zsav ||
                      format == StatisticalFixtureFormat::Por;
    const bool stata = format == StatisticalFixtureFormat::Dta;
    const bool sas = !spss && !stata;
    std::string bytes;
    const std::unique_ptr<readstat_writer_t, void (*)(readstat_writer_t*)> owner(readstat_writer_init(),
                                                                                 readstat_writer_free);
    readstat_writer_t* writer = owner.get();
    check(readstat_set_data_writer(writer, appendBytes));
    if (format == StatisticalFixtureFormat::Zsav)
        check(readstat_writer_set_compression(writer, READSTAT_COMPRESS_BINARY));
    if (stata)
        check(readstat_writer_set_file_format_version(writer, 118));

    readstat_label_set_t* sexLabels = nullptr;
    readstat_label_set_t* incomeLabels = nullptr;
    if (!sas) {
        const readstat_type_t labelType = stata ? READSTAT_TYPE_INT32 : READSTAT_TYPE_DOUBLE;
        sexLabels = readstat_add_label_set(writer, labelType, "sexlabels");
        incomeLabels = readstat_add_label_set(writer, labelType, "incomelabels");
        if (stata) {
            readstat_label_int32_value(sexLabels, 1, "male");
            readstat_label_int32_value(sexLabels, 2, "female");
            readstat_label_tagged_value(incomeLabels, 'a', "refused");
        } else {
            readstat_label_double_value(sexLabels, 1, "male");
            readstat_label_double_value(sexLabels, 2, "female");
            readstat_label_double_value(incomeLabels, -9, "refused");
        }
    }
    const readstat_type_t number = stata ? READSTAT_TYPE_INT32 : READSTAT_TYPE_DOUBLE;
    // Portable files hold upper-case names only.
    const bool upper = format == StatisticalFixtureFormat::Por;
    readstat_variable_t* id = readstat_add_variable(writer, upper ? "ID" : "id", number, 0);
    readstat_variable_set_label(id, "Respondent");
    readstat_variable_t* sex = readstat_add_variable(writer, upper ? "SEX" : "sex", number, 0);
    readstat_variable_set_label(sex, "Sex of respondent");
    if (sexLabels != nullptr)
        readstat_variable_set_label_set(sex, sexLabels);
    readstat_variable_t* income = readstat_add_variable(writer, upper ? "INCOME" : "income", READSTAT_TYPE_DOUBLE, 0);
    readstat_variable_set_label(income, "Monthly income (EUR)");
    if (incomeLabels != nullptr)
        readstat_variable_set_label_set(income, incomeLabels);
    if (spss)
        check(readstat_variable_add_missing_double_value(income, -9));
    readstat_variable_t* city = readstat_add_variable(writer, upper ? "CITY" : "city", READSTAT_TYPE_STRING, 8);
    readstat_variable_t* born = readstat_add_variable(writer, upper ? "BORN" : "born", READSTAT_TYPE_DOUBLE, 0);
    readstat_variable_set_label(born, "Date of birth");
    readstat_variable_set_format(born, spss ? "DATE11" : stata ? "%td" : "DATE9");

    switch (format) {
    case StatisticalFixtureFormat::Sav:
    case StatisticalFixtureFormat::Zsav:
        check(readstat_begin_writing_sav(writer, &bytes, 5));
        break;
    case StatisticalFixtureFormat::Por:
        check(readstat_begin_writing_por(writer, &bytes, 5));
        break;
    case StatisticalFixtureFormat::Dta:
        check(readstat_begin_writing_dta(writer, &bytes, 5));
        break;
    case StatisticalFixtureFormat::Xport:
        check(readstat_begin_writing_xport(writer, &bytes, 5));
        break;
    case StatisticalFixtureFormat::Sas7bdat:
        check(readstat_begin_writing_sas7bdat(writer, &bytes, 5));
        break;
    }
    const int sexes[] = {1, 2, 2, 3, 1};
    const char* cities[] = {"Lyon", "Paris", "", "Nice", "Lyon"};
    const double incomes[] = {1200.5, -9, NAN, 800, 0};
    for (int row = 0; row < 5; ++row) {
        check(readstat_begin_row(writer));
        if (stata) {
            check(readstat_insert_int32_value(writer, id, row + 1));
            check(readstat_insert_int32_value(writer, sex, sexes[row]));
        } else {
            check(readstat_insert_double_value(writer, id, row + 1));
            check(readstat_insert_double_value(writer, sex, sexes[row]));
        }
        if (row == 1 && !spss)
            check(readstat_insert_tagged_missing_value(writer, income, stata ? 'a' : 'A'));
        else if (std::isnan(incomes[row]))
            check(readstat_insert_missing_value(writer, income));
        else
            check(readstat_insert_double_value(writer, income, incomes[row]));
        check(readstat_insert_string_value(writer, city, cities[row]));
        if (std::isnan(bornDays[row])) {
            check(readstat_insert_missing_value(writer, born));
        } else {
            // SPSS counts seconds from 1582-10-14, Stata and SAS days from 1960-01-01.
            const double value = spss ? (bornDays[row] + 141428) * 86400 : bornDays[row] + 3653;
            check(readstat_insert_double_value(writer, born, value));
        }
        check(readstat_end_row(writer));
    }
    check(readstat_end_writing(writer));
    return bytes;
}

} // namespace qiscout::test
