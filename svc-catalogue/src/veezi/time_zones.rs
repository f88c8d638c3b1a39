//! Veezi names a cinema's time zone as Windows does ("Eastern Standard Time"); the
//! catalogue needs IANA's. The table holds the zones of the countries Veezi serves, from
//! the Unicode CLDR's Windows-to-IANA mapping (its "001" territory, the zone's main
//! city). A theater whose zone is not here says its own `timeZone`.

/// Windows name -> IANA name.
const WINDOWS_TO_IANA: [(&str, &str); 32] = [
    ("UTC", "Etc/UTC"),
    ("Hawaiian Standard Time", "Pacific/Honolulu"),
    ("Alaskan Standard Time", "America/Anchorage"),
    ("Pacific Standard Time", "America/Los_Angeles"),
    ("US Mountain Standard Time", "America/Phoenix"),
    ("Mountain Standard Time", "America/Denver"),
    ("Central Standard Time", "America/Chicago"),
    ("Canada Central Standard Time", "America/Regina"),
    ("Eastern Standard Time", "America/New_York"),
    ("US Eastern Standard Time", "America/Indianapolis"),
    ("Atlantic Standard Time", "America/Halifax"),
    ("Newfoundland Standard Time", "America/St_Johns"),
    ("Pacific Standard Time (Mexico)", "America/Tijuana"),
    ("Central Standard Time (Mexico)", "America/Mexico_City"),
    ("GMT Standard Time", "Europe/London"),
    ("Greenwich Standard Time", "Atlantic/Reykjavik"),
    ("W. Europe Standard Time", "Europe/Berlin"),
    ("Romance Standard Time", "Europe/Paris"),
    ("Central Europe Standard Time", "Europe/Budapest"),
    ("Central European Standard Time", "Europe/Warsaw"),
    ("E. Europe Standard Time", "Europe/Chisinau"),
    ("FLE Standard Time", "Europe/Kiev"),
    ("South Africa Standard Time", "Africa/Johannesburg"),
    ("Arabian Standard Time", "Asia/Dubai"),
    ("Singapore Standard Time", "Asia/Singapore"),
    ("W. Australia Standard Time", "Australia/Perth"),
    ("Cen. Australia Standard Time", "Australia/Adelaide"),
    ("AUS Central Standard Time", "Australia/Darwin"),
    ("E. Australia Standard Time", "Australia/Brisbane"),
    ("AUS Eastern Standard Time", "Australia/Sydney"),
    ("Tasmania Standard Time", "Australia/Hobart"),
    ("New Zealand Standard Time", "Pacific/Auckland"),
];

/// The IANA zone of a Windows zone name, if the table has it.
pub fn iana(windows: &str) -> Option<&'static str> {
    WINDOWS_TO_IANA
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(windows.trim()))
        .map(|(_, iana)| *iana)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_zone_of_the_table_is_one_the_tz_database_knows() {
        for (windows, iana) in WINDOWS_TO_IANA {
            assert!(jiff::tz::TimeZone::get(iana).is_ok(), "{windows} -> {iana}");
        }
    }

    #[test]
    fn windows_names_are_read_as_iana() {
        assert_eq!(iana("Eastern Standard Time"), Some("America/New_York"));
        assert_eq!(iana("new zealand standard time"), Some("Pacific/Auckland"));
        assert_eq!(iana("Mars Standard Time"), None);
    }
}
