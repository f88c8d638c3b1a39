//! What a broken rule of a record answers: the field at fault, relative to the record
//! (`ticketingProvider.url`), and what is wrong with it; the writer says where the record
//! is ([`Invalid::inside`]).

/// A field at fault and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub field: String,
    pub problem: String,
}

impl Invalid {
    pub fn new(field: impl Into<String>, problem: impl Into<String>) -> Invalid {
        Invalid {
            field: field.into(),
            problem: problem.into(),
        }
    }

    /// The same, its field inside `at` (`showtimes[3]` + `startsAt`).
    pub fn inside(self, at: &str) -> Invalid {
        let field = match (at.is_empty(), self.field.is_empty()) {
            (true, _) => self.field,
            (false, true) => at.to_owned(),
            (false, false) if self.field.starts_with('[') => format!("{at}{}", self.field),
            (false, false) => format!("{at}.{}", self.field),
        };
        Invalid { field, ..self }
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}
