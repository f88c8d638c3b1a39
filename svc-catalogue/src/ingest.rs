//! The ingest API's records (docs/ingest.md#ingest-api) made the catalogue's: each converted
//! and checked, a broken rule naming its field as the API's caller wrote it
//! (`showtimes[3].startsAt`). What refers to other records (a showtime's movie) is
//! checked by the store, in the writing transaction.

use jiff::civil::Date;
use jiff::tz::TimeZone;
use proto::catalogue::v1 as pb;
use proto::limits::{MAX_AVAILABILITY_UPDATES, MAX_SCHEDULE_SHOWTIMES};
use proto::showtime::{Attribute, Availability};

use crate::domain::catalogue::showtimes::MAX_RANGE_DAYS;
use crate::domain::checks;
use crate::domain::content_pages::{Page, PageSection};
use crate::domain::events::EventEntry;
use crate::domain::invalid::Invalid;
use crate::domain::movies::MovieEntry;
use crate::domain::page_blocks::{self, ListItem, SentBlock, TextRun};
use crate::domain::records::AvailabilityChange;
use crate::domain::showtimes::{self, ShowtimeEntry};
use crate::domain::site::TicketingProvider;
use crate::domain::theaters::{Address, OpeningHours, PointOfSale, Theater};

pub fn theater(record: pb::TheaterRecord) -> Result<Theater, Invalid> {
    let theater = Theater {
        id: record.id,
        name: record.name,
        slug: record.slug,
        code: record.code,
        address: record.address.map(address),
        phone: record.phone,
        email: record.email,
        ticketing_provider: record.ticketing_provider.map(|provider| TicketingProvider {
            name: provider.name,
            url: provider.url,
            hand_offs: provider.hand_offs,
        }),
        amenities: record.amenities,
        latitude: record.latitude,
        longitude: record.longitude,
        description: record.description,
        screens: record.screens,
        accessibility: record.accessibility,
        time_zone: record.time_zone,
        parking: record.parking,
        opening_hours: record
            .opening_hours
            .into_iter()
            .map(opening_hours)
            .collect(),
        point_of_sale: record
            .point_of_sale
            .map(point_of_sale)
            .transpose()
            .map_err(|invalid| invalid.inside("pointOfSale"))?,
    };
    checks::theater(&theater)?;
    Ok(theater)
}

/// A theater's postal address as sent.
pub fn address(address: pb::Address) -> Address {
    Address {
        street: address.street,
        city: address.city,
        state: address.state,
        zip_code: address.zip_code,
        country: address.country,
    }
}

pub fn opening_hours(line: pb::OpeningHours) -> OpeningHours {
    OpeningHours {
        days: line.days,
        opens: line.opens,
        closes: line.closes,
    }
}

pub fn point_of_sale(record: pb::PointOfSale) -> Result<PointOfSale, Invalid> {
    let attributes = record
        .attributes
        .into_iter()
        .map(|(short_name, code)| {
            Attribute::from_code(&code)
                .map(|attribute| (short_name.clone(), attribute))
                .ok_or_else(|| {
                    Invalid::new(
                        format!("attributes.{short_name}"),
                        format!("'{code}' is not one of {}", Attribute::codes()),
                    )
                })
        })
        .collect::<Result<_, _>>()?;
    Ok(PointOfSale {
        provider: record.provider,
        token: record.token,
        attributes,
    })
}

pub fn movie(record: pb::MovieRecord) -> Result<MovieEntry, Invalid> {
    let release_date = if record.release_date.is_empty() {
        None
    } else {
        Some(date("releaseDate", &record.release_date)?)
    };
    let movie = MovieEntry {
        id: record.id,
        title: record.title,
        slug: record.slug,
        synopsis: record.synopsis,
        runtime_minutes: record.runtime_minutes,
        rating: record.rating,
        genres: record.genres,
        release_date,
        directors: record.directors,
        cast: record.cast,
        attributes: record.attributes,
        trailer_url: record.trailer_url,
        original_language: record.original_language,
        poster_image_url: record.poster_image_url,
    };
    checks::movie(&movie)?;
    if !movie.original_language.is_empty() && !showtimes::is_language_tag(&movie.original_language)
    {
        return Err(Invalid::new(
            "originalLanguage",
            format!("'{}' is not a BCP 47 language tag", movie.original_language),
        ));
    }
    Ok(movie)
}

/// An event at a theater whose clocks are in `zone`.
pub fn event(record: pb::EventRecord, zone: &TimeZone) -> Result<EventEntry, Invalid> {
    let starts_at = showtimes::normalise_start(&record.starts_at, zone)
        .map_err(|problem| Invalid::new("startsAt", problem))?;
    let unpublish_at = match record.unpublish_at.trim() {
        "" => String::new(),
        at => showtimes::normalise_start(at, zone)
            .map_err(|problem| Invalid::new("unpublishAt", problem))?,
    };
    let event = EventEntry {
        id: record.id,
        title: record.title,
        slug: record.slug,
        description: record.description,
        theater_id: record.theater_id,
        movie_id: record.movie_id,
        starts_at,
        unpublish_at,
        image: record.image.trim().to_owned(),
        booking_url: record.booking_url.trim().to_owned(),
    };
    checks::event(&event)?;
    Ok(event)
}

pub fn page(record: pb::PageRecord) -> Result<Page, Invalid> {
    let page = Page {
        path: format!("/{}/", record.slug),
        id: if record.id.is_empty() {
            record.slug.clone()
        } else {
            record.id
        },
        slug: record.slug,
        title: record.title,
        template_name: if record.template_name.is_empty() {
            "standard".to_owned()
        } else {
            record.template_name
        },
        sections: record
            .sections
            .into_iter()
            .map(|section| PageSection {
                heading: section.heading,
                paragraphs: section.paragraphs,
            })
            .collect(),
        blocks: page_blocks::blocks(record.blocks.into_iter().map(sent_block).collect())
            .map_err(|invalid| invalid.inside("blocks"))?,
        seo_description: record.seo_description.trim().to_owned(),
        seo_image: record.seo_image.trim().to_owned(),
        unpublish_at: record.unpublish_at.trim().to_owned(),
    };
    checks::page(&page)?;
    Ok(page)
}

fn sent_block(block: pb::PageBlock) -> SentBlock {
    SentBlock {
        kind: block.r#type,
        level: block.level,
        text: block.text.into_iter().map(text_run).collect(),
        ordered: block.ordered,
        items: block
            .items
            .into_iter()
            .map(|item| ListItem {
                text: item.text.into_iter().map(text_run).collect(),
            })
            .collect(),
        src: block.src,
        alt: block.alt,
        caption: block.caption,
        label: block.label,
        href: block.href,
    }
}

fn text_run(run: pb::TextRun) -> TextRun {
    TextRun {
        text: run.text,
        bold: run.bold,
        italic: run.italic,
        link: run.link,
    }
}

/// The local days a schedule call covers: `from` to `to` inclusive, at most 62.
pub fn schedule_days(from: &str, to: &str) -> Result<(Date, Date), Invalid> {
    let first = date("from", from)?;
    let last = date("to", to)?;
    if last < first {
        return Err(Invalid::new(
            "to",
            format!("{last} is before from ({first})"),
        ));
    }
    if (last - first).get_days() >= MAX_RANGE_DAYS {
        return Err(Invalid::new(
            "to",
            format!("a schedule covers at most {MAX_RANGE_DAYS} days"),
        ));
    }
    Ok((first, last))
}

/// A theater's showtimes for its local days `from` to `to`, its clocks in `zone`; each
/// starts on one of those days and has a performance code of its own. They keep the
/// request's order, so that the store can name the one at fault.
pub fn schedule(
    records: Vec<pb::ShowtimeRecord>,
    (from, to): (Date, Date),
    zone: &TimeZone,
) -> Result<Vec<ShowtimeEntry>, Invalid> {
    if records.len() > MAX_SCHEDULE_SHOWTIMES {
        return Err(Invalid::new(
            "showtimes",
            format!(
                "{} showtimes; at most {MAX_SCHEDULE_SHOWTIMES} a call",
                records.len()
            ),
        ));
    }
    let mut seen = std::collections::HashMap::with_capacity(records.len());
    let mut entries = Vec::with_capacity(records.len());
    for (index, record) in records.into_iter().enumerate() {
        let at = format!("showtimes[{index}]");
        let entry = showtime(record, zone).map_err(|invalid| invalid.inside(&at))?;
        let day: Date = entry.starts_at[..10].parse().unwrap_or(from);
        if day < from || day > to {
            return Err(Invalid::new(
                format!("{at}.startsAt"),
                format!(
                    "{} is not within the days this call replaces ({from} to {to})",
                    entry.starts_at
                ),
            ));
        }
        if let Some(first) = seen.insert(entry.perf_code.clone(), index) {
            return Err(Invalid::new(
                format!("{at}.perfCode"),
                format!("'{}' is showtimes[{first}]'s too", entry.perf_code),
            ));
        }
        entries.push(entry);
    }
    Ok(entries)
}

fn showtime(record: pb::ShowtimeRecord, zone: &TimeZone) -> Result<ShowtimeEntry, Invalid> {
    let attributes = record
        .attributes
        .iter()
        .enumerate()
        .map(|(index, code)| {
            Attribute::from_code(code).ok_or_else(|| {
                Invalid::new(
                    format!("attributes[{index}]"),
                    format!("'{code}' is not one of {}", Attribute::codes()),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut entry = ShowtimeEntry {
        perf_code: record.perf_code,
        movie_id: record.movie_id,
        starts_at: record.starts_at,
        auditorium: record.auditorium,
        format: record.format,
        attributes,
        language: record.language,
        seats_available: record.seats_available,
        seats_total: record.seats_total,
        availability: availability("availability", &record.availability)?,
        booking_url: record.booking_url,
    };
    showtimes::check(&mut entry, zone).map_err(|(field, problem)| Invalid::new(field, problem))?;
    Ok(entry)
}

/// Checks the updates of one call.
pub fn availability_changes(
    updates: Vec<pb::AvailabilityUpdate>,
) -> Result<Vec<AvailabilityChange>, Invalid> {
    if updates.len() > MAX_AVAILABILITY_UPDATES {
        return Err(Invalid::new(
            "updates",
            format!(
                "{} updates; at most {MAX_AVAILABILITY_UPDATES} a call",
                updates.len()
            ),
        ));
    }
    let mut seen = std::collections::HashMap::with_capacity(updates.len());
    updates
        .into_iter()
        .enumerate()
        .map(|(index, update)| {
            let at = format!("updates[{index}]");
            let fail =
                |field: &str, problem: String| Err(Invalid::new(format!("{at}.{field}"), problem));
            if update.theater_id.is_empty() {
                return fail("theaterId", "required".to_owned());
            }
            if update.perf_code.is_empty() {
                return fail("perfCode", "required".to_owned());
            }
            if update.seats_total == Some(0) {
                return fail("seatsTotal", "must be more than 0".to_owned());
            }
            if let Some(total) = update.seats_total
                && update.seats_available > total
            {
                return fail(
                    "seatsAvailable",
                    format!(
                        "{} is more than seatsTotal ({total})",
                        update.seats_available
                    ),
                );
            }
            let key = (update.theater_id.clone(), update.perf_code.clone());
            if let Some(first) = seen.insert(key, index) {
                return fail(
                    "perfCode",
                    format!("updates[{first}] already changes this showtime"),
                );
            }
            Ok(AvailabilityChange {
                availability: availability(&format!("{at}.availability"), &update.availability)?,
                theater_id: update.theater_id,
                perf_code: update.perf_code,
                seats_available: update.seats_available,
                seats_total: update.seats_total,
            })
        })
        .collect()
}

fn availability(field: &str, code: &str) -> Result<Option<Availability>, Invalid> {
    if code.is_empty() {
        return Ok(None);
    }
    serde_json::from_value(code.into()).map(Some).map_err(|_| {
        Invalid::new(
            field,
            format!("'{code}' is not available, selling-fast or sold-out"),
        )
    })
}

fn date(field: &str, text: &str) -> Result<Date, Invalid> {
    let valid_shape = text.len() == 10 && text.as_bytes()[4] == b'-' && text.as_bytes()[7] == b'-';
    text.parse::<Date>()
        .ok()
        .filter(|_| valid_shape)
        .ok_or_else(|| Invalid::new(field, format!("'{text}' is not a YYYY-MM-DD date")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_york() -> TimeZone {
        TimeZone::get("America/New_York").expect("the bundled tz database")
    }

    fn record(perf_code: &str, starts_at: &str) -> pb::ShowtimeRecord {
        pb::ShowtimeRecord {
            perf_code: perf_code.to_owned(),
            movie_id: "1001".to_owned(),
            starts_at: starts_at.to_owned(),
            ..Default::default()
        }
    }

    fn days() -> (Date, Date) {
        (
            jiff::civil::date(2026, 11, 27),
            jiff::civil::date(2026, 11, 28),
        )
    }

    #[test]
    fn a_schedule_names_the_showtime_and_field_at_fault() {
        let mut records = vec![
            record("1", "2026-11-27T19:30"),
            record("2", "2026-11-27T21:00"),
        ];
        records[1].attributes = vec!["3d".to_owned(), "4dx".to_owned()];
        let invalid = schedule(records, days(), &new_york()).expect_err("4dx is no code");
        assert_eq!(invalid.field, "showtimes[1].attributes[1]");

        let late = vec![record("1", "2026-11-29T19:30")];
        let invalid = schedule(late, days(), &new_york()).expect_err("outside the days");
        assert_eq!(invalid.field, "showtimes[0].startsAt");

        let twice = vec![
            record("7", "2026-11-27T19:30"),
            record("7", "2026-11-28T19:30"),
        ];
        let invalid = schedule(twice, days(), &new_york()).expect_err("one code twice");
        assert_eq!(invalid.field, "showtimes[1].perfCode");
    }

    #[test]
    fn a_schedule_reads_local_times_in_the_theaters_zone() {
        let chicago = TimeZone::get("America/Chicago").expect("a zone");
        let entries = schedule(vec![record("1", "2026-11-27T19:30")], days(), &chicago)
            .expect("a valid schedule");
        assert_eq!(entries[0].starts_at, "2026-11-27T19:30:00-06:00");
    }

    #[test]
    fn schedule_days_are_checked() {
        assert!(schedule_days("2026-11-27", "2026-11-27").is_ok());
        assert_eq!(
            schedule_days("2026-11-28", "2026-11-27")
                .expect_err("backwards")
                .field,
            "to"
        );
        assert_eq!(
            schedule_days("27/11/2026", "2026-11-27")
                .expect_err("shape")
                .field,
            "from"
        );
        assert_eq!(
            schedule_days("2026-01-01", "2026-06-01")
                .expect_err("too long")
                .field,
            "to"
        );
    }

    #[test]
    fn availability_updates_are_checked_each_by_its_index() {
        let update = |perf_code: &str, left: u32, total: Option<u32>| pb::AvailabilityUpdate {
            theater_id: "101".to_owned(),
            perf_code: perf_code.to_owned(),
            seats_available: left,
            seats_total: total,
            availability: String::new(),
        };
        let changes = availability_changes(vec![update("1", 0, Some(100))]).expect("valid");
        assert_eq!(changes[0].seats_available, 0);
        let invalid = availability_changes(vec![update("1", 5, None), update("2", 101, Some(100))])
            .expect_err("more seats left than there are");
        assert_eq!(invalid.field, "updates[1].seatsAvailable");
        let mut told = update("3", 5, None);
        told.availability = "almost-gone".to_owned();
        assert_eq!(
            availability_changes(vec![told])
                .expect_err("no such state")
                .field,
            "updates[0].availability"
        );
        let too_many = vec![update("1", 1, None); MAX_AVAILABILITY_UPDATES + 1];
        assert_eq!(
            availability_changes(too_many).expect_err("too many").field,
            "updates"
        );
    }

    #[test]
    fn a_page_takes_its_path_from_its_slug() {
        let page = page(pb::PageRecord {
            slug: "parking".to_owned(),
            title: "Parking".to_owned(),
            ..Default::default()
        })
        .expect("a valid page");
        assert_eq!(
            (page.path.as_str(), page.id.as_str()),
            ("/parking/", "parking")
        );
        for taken in [
            "movies",
            "refund",
            "giftcards",
            "signup",
            "api",
            "posters",
            "page-data",
            "cms-preview",
        ] {
            let invalid = super::page(pb::PageRecord {
                slug: taken.to_owned(),
                title: "Taken".to_owned(),
                ..Default::default()
            })
            .expect_err("a route of the site");
            assert_eq!(invalid.field, "slug", "{taken}");
        }
    }
}
