//! URL slugs: lower-case ASCII letters and digits joined by single hyphens.

pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for c in text.chars().flat_map(fold_accent) {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_owned()
}

/// The common Latin letters with diacritics, as their base letter.
fn fold_accent(c: char) -> Option<char> {
    let folded = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'A',
        'ç' => 'c',
        'Ç' => 'C',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'È' | 'É' | 'Ê' | 'Ë' => 'E',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'Ì' | 'Í' | 'Î' | 'Ï' => 'I',
        'ñ' => 'n',
        'Ñ' => 'N',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' => 'O',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'Ù' | 'Ú' | 'Û' | 'Ü' => 'U',
        'ý' | 'ÿ' => 'y',
        '\'' | '’' => return None,
        other => other,
    };
    Some(folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_become_lower_case_hyphenated_ascii() {
        for (title, slug) in [
            ("The Long Night", "the-long-night"),
            ("Café Noir: Part II", "cafe-noir-part-ii"),
            ("  --Velocity!!  ", "velocity"),
            ("It's a Wonderful Day", "its-a-wonderful-day"),
            ("2049 & Beyond", "2049-beyond"),
        ] {
            assert_eq!(slugify(title), slug, "{title}");
        }
    }
}
