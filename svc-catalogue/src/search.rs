//! Site search (docs/ingest.md#site-search): movies, theaters, events and pages in a tantivy
//! index held in memory, built once per bundle. Words are matched without case or
//! accents, forgiving one typo in words of 4 letters or more and two in 8 or more; the
//! last word is matched as a prefix, since the visitor may still be typing it.

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{
    Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::tokenizer::{AsciiFoldingFilter, LowerCaser, SimpleTokenizer, TextAnalyzer};
use tantivy::{Index, IndexReader, ReloadPolicy, TantivyDocument, Term};

use crate::Error;

/// The longest query accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 100;
/// The most hits one query may ask for, and how many it gets when it does not say.
pub const MAX_LIMIT: u32 = 50;
pub const DEFAULT_LIMIT: u32 = 10;
/// More words than this in a query are a paste, not a search: the rest are ignored.
const MAX_WORDS: usize = 8;

const ANALYZER: &str = "folded";
/// The writer's memory budget: tantivy's smallest, far more than a chain's catalogue needs.
const WRITER_BUDGET_BYTES: usize = 15_000_000;

/// A movie, theater, event or page found, as the results list it.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchHit {
    pub id: String,
    /// "movie", "theater", "event" or "page".
    pub kind: String,
    pub title: String,
    /// A second line: a movie's rating and genre, a theater's city, an event's theater.
    pub subtitle: String,
    /// The page of the hit, for example /movies/1001-the-long-night/.
    pub path: String,
    /// A small poster for movies and events, empty for the others.
    pub image_url: String,
}

/// One thing a visitor can find, and the words it is found by.
#[derive(Debug, Clone)]
pub struct Entry {
    pub hit: SearchHit,
    /// Words that find it too: a movie's cast and genres, a theater's city and ZIP code.
    pub keywords: String,
}

pub struct SearchIndex {
    reader: IndexReader,
    index: Index,
    title: Field,
    keywords: Field,
    position: Field,
    entries: Vec<SearchHit>,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("SearchIndex")
            .field("entries", &self.entries.len())
            .finish_non_exhaustive()
    }
}

impl SearchIndex {
    /// Indexes `entries`; their order breaks ties between equally good hits.
    pub fn build(entries: Vec<Entry>) -> tantivy::Result<SearchIndex> {
        let text = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(ANALYZER)
                .set_index_option(IndexRecordOption::WithFreqs),
        );
        let mut schema = Schema::builder();
        let title = schema.add_text_field("title", text.clone());
        let keywords = schema.add_text_field("keywords", text);
        let position = schema.add_u64_field("position", NumericOptions::default().set_stored());
        let index = Index::create_in_ram(schema.build());
        index.tokenizers().register(ANALYZER, analyzer());

        let mut writer =
            index.writer_with_num_threads::<TantivyDocument>(1, WRITER_BUDGET_BYTES)?;
        for (at, entry) in entries.iter().enumerate() {
            let mut document = TantivyDocument::default();
            document.add_text(title, &entry.hit.title);
            document.add_text(keywords, &entry.keywords);
            document.add_u64(position, at as u64);
            writer.add_document(document)?;
        }
        writer.commit()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(SearchIndex {
            reader,
            index,
            title,
            keywords,
            position,
            entries: entries.into_iter().map(|entry| entry.hit).collect(),
        })
    }

    /// The best `limit` hits for what the visitor typed.
    pub fn search(&self, query: &str, limit: u32) -> Result<Vec<SearchHit>, Error> {
        // Empty is a mistake; only spaces or punctuation are words to find nothing by.
        if query.is_empty() {
            return Err(Error::InvalidArgument(
                "q: type something to search for".to_owned(),
            ));
        }
        if query.chars().count() > MAX_QUERY_CHARS {
            return Err(Error::InvalidArgument(format!(
                "q: at most {MAX_QUERY_CHARS} characters"
            )));
        }
        if limit > MAX_LIMIT {
            return Err(Error::InvalidArgument(format!(
                "limit: {limit} is more than {MAX_LIMIT}"
            )));
        }
        let limit = if limit == 0 { DEFAULT_LIMIT } else { limit };
        let words = self.words(query);
        if words.is_empty() {
            return Ok(Vec::new());
        }
        let last = words.len() - 1;
        let clauses: Vec<(Occur, Box<dyn Query>)> = words
            .iter()
            .enumerate()
            .map(|(at, word)| (Occur::Must, self.word_query(word, at == last)))
            .collect();
        let searcher = self.reader.searcher();
        let found = searcher
            .search(
                &BooleanQuery::new(clauses),
                &TopDocs::with_limit(limit as usize).order_by_score(),
            )
            .map_err(Error::Search)?;
        let mut ranked: Vec<(f32, usize)> = found
            .into_iter()
            .filter_map(|(score, address)| {
                let document: TantivyDocument = searcher.doc(address).ok()?;
                let at = document.get_first(self.position)?.as_u64()?;
                Some((score, usize::try_from(at).ok()?))
            })
            .collect();
        // Best first; equal scores in the catalogue's own order.
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        Ok(ranked
            .into_iter()
            .filter_map(|(_, at)| self.entries.get(at).cloned())
            .collect())
    }

    /// The query's words as the index holds them: folded, lower-case.
    fn words(&self, query: &str) -> Vec<String> {
        let mut analyzer = self
            .index
            .tokenizers()
            .get(ANALYZER)
            .unwrap_or_else(analyzer);
        let mut stream = analyzer.token_stream(query);
        let mut words = Vec::new();
        while let Some(token) = stream.next() {
            if words.len() == MAX_WORDS {
                break;
            }
            words.push(token.text.clone());
        }
        words
    }

    /// A word found in a title (worth most when exact, then when begun, then when near),
    /// else among the keywords.
    fn word_query(&self, word: &str, still_typing: bool) -> Box<dyn Query> {
        let typos = match word.chars().count() {
            0..=3 => 0,
            4..=7 => 1,
            _ => 2,
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (field, weight) in [(self.title, 3.0), (self.keywords, 1.0)] {
            let term = Term::from_field_text(field, word);
            clauses.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)),
                    weight * 2.0,
                )),
            ));
            let near = if still_typing {
                // A word being typed: what it begins ranks above what it nearly begins.
                let begun = FuzzyTermQuery::new_prefix(term.clone(), 0, true);
                clauses.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(Box::new(begun), weight * 1.5)),
                ));
                FuzzyTermQuery::new_prefix(term, typos, true)
            } else {
                FuzzyTermQuery::new(term, typos, true)
            };
            clauses.push((
                Occur::Should,
                Box::new(BoostQuery::new(Box::new(near), weight)),
            ));
        }
        Box::new(BooleanQuery::new(clauses))
    }
}

fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, kind: &str, title: &str, keywords: &str) -> Entry {
        Entry {
            hit: SearchHit {
                id: id.to_owned(),
                kind: kind.to_owned(),
                title: title.to_owned(),
                subtitle: String::new(),
                path: format!("/{id}/"),
                image_url: String::new(),
            },
            keywords: keywords.to_owned(),
        }
    }

    fn index() -> SearchIndex {
        SearchIndex::build(vec![
            entry("7", "movie", "Echoes of Mars", "Sci-Fi"),
            entry("1", "movie", "The Long Night", "Thriller Ava Moreno"),
            entry("2", "movie", "Paper Moons", "Romance"),
            entry("3", "theater", "Marquee Riverfront", "Providence RI 02903"),
            entry("4", "movie", "Les Misérables", "Musical"),
            entry("5", "movie", "Midnight Carnival", "Horror"),
            entry(
                "6",
                "event",
                "Night of the Living Dead marathon",
                "Marquee Riverfront",
            ),
        ])
        .expect("an index in memory")
    }

    /// The ids of the hits for `query`, best first.
    fn found(index: &SearchIndex, query: &str) -> Vec<String> {
        index
            .search(query, 10)
            .expect("a valid query")
            .into_iter()
            .map(|hit| hit.id)
            .collect()
    }

    #[test]
    fn case_and_accents_are_ignored() {
        let index = index();
        assert_eq!(found(&index, "LES MISERABLES"), ["4"]);
        assert_eq!(found(&index, "misérables"), ["4"]);
    }

    #[test]
    fn one_typo_is_forgiven_from_four_letters_and_two_from_eight() {
        let index = index();
        assert_eq!(found(&index, "papr moons"), ["2"]);
        assert_eq!(found(&index, "carnivel midnigth"), ["5"]);
        // The theater by its name first, then the event held there.
        assert_eq!(found(&index, "rivrefornt"), ["3", "6"]);
        // Short words must be right: "nigt" is one typo from "night", "lng" no word at all.
        assert_eq!(found(&index, "Long nigt"), ["1"]);
        assert!(found(&index, "lng nit").is_empty());
    }

    #[test]
    fn the_last_word_matches_as_a_prefix() {
        let index = index();
        assert_eq!(found(&index, "midn"), ["5"]);
        assert_eq!(found(&index, "paper mo"), ["2"]);
    }

    #[test]
    fn titles_rank_above_keywords_and_exact_above_near() {
        let index = index();
        // "night" is in two titles; the exact one ranks before "Midnight"-free fuzzy ones.
        assert_eq!(found(&index, "night")[..2], ["1", "6"]);
        // "riverfront" is a theater's title and an event's keyword.
        assert_eq!(found(&index, "riverfront"), ["3", "6"]);
        // A word being typed ranks what it begins above what it nearly begins: "marq"
        // begins "Marquee" and nearly begins "Mars".
        assert_eq!(found(&index, "marq")[0], "3");
        // A ZIP code finds its theater.
        assert_eq!(found(&index, "02903"), ["3"]);
    }

    #[test]
    fn bad_queries_are_named() {
        let index = index();
        assert!(
            matches!(index.search("", 10), Err(Error::InvalidArgument(m)) if m.starts_with("q:"))
        );
        let long = "a".repeat(MAX_QUERY_CHARS + 1);
        assert!(
            matches!(index.search(&long, 10), Err(Error::InvalidArgument(m)) if m.starts_with("q:"))
        );
        assert!(
            matches!(index.search("night", 51), Err(Error::InvalidArgument(m)) if m.starts_with("limit:"))
        );
        assert_eq!(index.search("night", 1).expect("hits").len(), 1);
        // Only spaces or punctuation: nothing to look for, nothing found.
        assert!(found(&index, "?!").is_empty());
        assert!(found(&index, " \u{85} ").is_empty());
    }
}
