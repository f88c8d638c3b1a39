//! Who may do what (docs/studio.md#roles): six roles, each granted on a scope, and the
//! one check every call goes through. A site the staff member holds no grant on is not
//! found (sites are not enumerable); a grant without the permission is forbidden.

use std::fmt;

/// A role, granted on a scope: the deployment (`operator`) or one site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// The deployment: every site, creating sites, host names, keys, operators.
    Operator,
    /// One site: everything of it, its staff and keys.
    Admin,
    /// One site: look and settings (but the loyalty provider and keys), pages, events,
    /// movies' site fields, media.
    Editor,
    /// One site, named theaters: their details, point-of-sale link and events.
    TheaterManager,
    /// One site: its members.
    Support,
    /// One site: reads.
    Viewer,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Operator,
        Role::Admin,
        Role::Editor,
        Role::TheaterManager,
        Role::Support,
        Role::Viewer,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Role::Operator => "operator",
            Role::Admin => "admin",
            Role::Editor => "editor",
            Role::TheaterManager => "theater-manager",
            Role::Support => "support",
            Role::Viewer => "viewer",
        }
    }

    /// A role by its code; the error names the codes there are.
    pub fn parse(code: &str) -> Result<Role, String> {
        Role::ALL
            .into_iter()
            .find(|role| role.code() == code)
            .ok_or_else(|| {
                let codes: Vec<&str> = Role::ALL.iter().map(|role| role.code()).collect();
                format!("role: '{code}' is not one of {}", codes.join(", "))
            })
    }

    /// Whether the role may do `permission` (on a theater of its grant, for a
    /// theater manager).
    pub fn may(self, permission: Permission) -> bool {
        use Permission::*;
        match self {
            Role::Operator => true,
            Role::Admin => permission != ManageSites,
            Role::Editor => matches!(permission, Read | EditLook | EditContent | Publish),
            Role::TheaterManager => matches!(permission, Read | EditTheater),
            Role::Support => matches!(permission, Read | SupportMembers),
            Role::Viewer => permission == Read,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.code())
    }
}

/// What a call does, as the roles are granted it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Permission {
    /// See the site, its draft, history and settings.
    Read,
    /// The site's look and settings, but its loyalty programme.
    EditLook,
    /// The loyalty programme's settings and provider.
    EditLoyalty,
    /// Pages, events, movies' site fields and media.
    EditContent,
    /// A theater's details, its point-of-sale link and its events.
    EditTheater,
    /// Publish the draft, schedule it, restore a revision.
    Publish,
    /// The site's staff and invitations.
    ManageStaff,
    /// The site's ingest keys.
    ManageKeys,
    /// Find and help the site's members.
    SupportMembers,
    /// The audit log of the site.
    ReadAudit,
    /// Create sites, name their hosts, invite operators.
    ManageSites,
}

/// One role granted to a staff member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    pub role: Role,
    /// `None` for an operator (every site).
    pub site_id: Option<String>,
    /// The theaters a theater manager is granted; empty for the other roles.
    pub theater_ids: Vec<String>,
}

impl Grant {
    /// A grant as asked for: an operator on no site, any other role on one, theaters
    /// only (and at least one) for a theater manager. The error names the field.
    pub fn new(role: Role, site_id: Option<&str>, theater_ids: &[String]) -> Result<Grant, String> {
        let site_id = site_id.map(str::trim).filter(|site| !site.is_empty());
        match (role, site_id) {
            (Role::Operator, Some(_)) => {
                return Err("siteId: an operator is granted every site, not one".to_owned());
            }
            (Role::Operator, None) => {}
            (_, None) => return Err(format!("siteId: required for the role {role}")),
            (_, Some(site)) if !proto::site::is_site_id(site) => {
                return Err(format!(
                    "siteId: '{site}' is not a site id (lower-case letters, digits and '-')"
                ));
            }
            (_, Some(_)) => {}
        }
        match (role, theater_ids.is_empty()) {
            (Role::TheaterManager, true) => {
                return Err(
                    "theaterIds: a theater manager is granted at least one theater".to_owned(),
                );
            }
            (Role::TheaterManager, false) | (_, true) => {}
            (_, false) => {
                return Err(format!(
                    "theaterIds: only a theater manager is granted theaters, not {role}"
                ));
            }
        }
        if let Some(empty) = theater_ids
            .iter()
            .find(|id| id.trim().is_empty() || id.len() > 64)
        {
            return Err(format!("theaterIds: '{empty}' is not a theater id"));
        }
        Ok(Grant {
            role,
            site_id: site_id.map(str::to_owned),
            theater_ids: theater_ids.to_vec(),
        })
    }

    fn covers(&self, site_id: &str) -> bool {
        self.site_id.as_deref().is_none_or(|site| site == site_id)
    }
}

/// Why a call is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// No grant on the site: as if there were no such site.
    NotFound,
    /// A grant on the site without the permission (or on other theaters).
    Forbidden,
}

/// Whether `grants` allow `permission` on `site_id` (and `theater_id`, when the call is
/// about one theater).
pub fn authorise(
    grants: &[Grant],
    site_id: &str,
    theater_id: Option<&str>,
    permission: Permission,
) -> Result<(), Refusal> {
    let on_site: Vec<&Grant> = grants
        .iter()
        .filter(|grant| grant.covers(site_id))
        .collect();
    if on_site.is_empty() {
        return Err(Refusal::NotFound);
    }
    let allowed = on_site.iter().any(|grant| {
        // A theater manager's theater-scoped permission holds on the grant's theaters only.
        let on_theater = grant.role != Role::TheaterManager
            || permission != Permission::EditTheater
            || theater_id.is_some_and(|theater| grant.theater_ids.iter().any(|id| id == theater));
        grant.role.may(permission) && on_theater
    });
    if allowed {
        Ok(())
    } else {
        Err(Refusal::Forbidden)
    }
}

/// Whether `grants` allow `permission` over the deployment rather than one site (making
/// a site): only a grant on no site, an operator's, does.
pub fn authorise_deployment(grants: &[Grant], permission: Permission) -> Result<(), Refusal> {
    if grants
        .iter()
        .any(|grant| grant.site_id.is_none() && grant.role.may(permission))
    {
        Ok(())
    } else {
        Err(Refusal::Forbidden)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(role: Role, site: Option<&str>, theaters: &[&str]) -> Grant {
        let theaters: Vec<String> = theaters.iter().map(|id| (*id).to_owned()).collect();
        Grant::new(role, site, &theaters).expect("a valid grant")
    }

    #[test]
    fn each_role_has_the_permissions_of_the_design() {
        use Permission::*;
        let table: [(Role, &[Permission]); 6] = [
            (
                Role::Operator,
                &[
                    Read,
                    EditLook,
                    EditLoyalty,
                    EditContent,
                    EditTheater,
                    Publish,
                    ManageStaff,
                    ManageKeys,
                    SupportMembers,
                    ReadAudit,
                    ManageSites,
                ],
            ),
            (
                Role::Admin,
                &[
                    Read,
                    EditLook,
                    EditLoyalty,
                    EditContent,
                    EditTheater,
                    Publish,
                    ManageStaff,
                    ManageKeys,
                    SupportMembers,
                    ReadAudit,
                ],
            ),
            (Role::Editor, &[Read, EditLook, EditContent, Publish]),
            (Role::TheaterManager, &[Read, EditTheater]),
            (Role::Support, &[Read, SupportMembers]),
            (Role::Viewer, &[Read]),
        ];
        let every = [
            Read,
            EditLook,
            EditLoyalty,
            EditContent,
            EditTheater,
            Publish,
            ManageStaff,
            ManageKeys,
            SupportMembers,
            ReadAudit,
            ManageSites,
        ];
        for (role, allowed) in table {
            for permission in every {
                assert_eq!(
                    role.may(permission),
                    allowed.contains(&permission),
                    "{role} {permission:?}"
                );
            }
        }
    }

    #[test]
    fn a_site_without_a_grant_is_not_found_and_a_missing_permission_is_forbidden() {
        let editor = [grant(Role::Editor, Some("demo"), &[])];
        assert_eq!(
            authorise(&editor, "demo", None, Permission::EditLook),
            Ok(())
        );
        assert_eq!(
            authorise(&editor, "other", None, Permission::Read),
            Err(Refusal::NotFound)
        );
        assert_eq!(
            authorise(&editor, "demo", None, Permission::ManageStaff),
            Err(Refusal::Forbidden)
        );
    }

    #[test]
    fn an_operator_is_granted_every_site() {
        let operator = [grant(Role::Operator, None, &[])];
        assert_eq!(
            authorise(&operator, "any-site", None, Permission::ManageSites),
            Ok(())
        );
    }

    #[test]
    fn only_an_operator_makes_sites() {
        let operator = [grant(Role::Operator, None, &[])];
        assert_eq!(
            authorise_deployment(&operator, Permission::ManageSites),
            Ok(())
        );
        let admin = [grant(Role::Admin, Some("demo"), &[])];
        assert_eq!(
            authorise_deployment(&admin, Permission::ManageSites),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            authorise_deployment(&[], Permission::ManageSites),
            Err(Refusal::Forbidden)
        );
    }

    #[test]
    fn a_theater_manager_edits_only_the_theaters_of_the_grant() {
        let manager = [grant(Role::TheaterManager, Some("demo"), &["101"])];
        assert_eq!(
            authorise(&manager, "demo", Some("101"), Permission::EditTheater),
            Ok(())
        );
        assert_eq!(
            authorise(&manager, "demo", Some("102"), Permission::EditTheater),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            authorise(&manager, "demo", None, Permission::EditTheater),
            Err(Refusal::Forbidden)
        );
        assert_eq!(authorise(&manager, "demo", None, Permission::Read), Ok(()));
    }

    #[test]
    fn grants_on_several_sites_each_count_for_their_own() {
        let grants = [
            grant(Role::Viewer, Some("demo"), &[]),
            grant(Role::Admin, Some("single"), &[]),
        ];
        assert_eq!(
            authorise(&grants, "single", None, Permission::ManageStaff),
            Ok(())
        );
        assert_eq!(
            authorise(&grants, "demo", None, Permission::ManageStaff),
            Err(Refusal::Forbidden)
        );
    }

    #[test]
    fn a_grant_names_the_field_it_gets_wrong() {
        let none: [String; 0] = [];
        let cases: [(Role, Option<&str>, &[String], &str); 5] = [
            (Role::Operator, Some("demo"), &none, "siteId"),
            (Role::Editor, None, &none, "siteId"),
            (Role::Editor, Some("Not A Site"), &none, "siteId"),
            (Role::TheaterManager, Some("demo"), &none, "theaterIds"),
            (
                Role::Viewer,
                Some("demo"),
                &["101".to_owned()],
                "theaterIds",
            ),
        ];
        for (role, site, theaters, field) in cases {
            let problem = Grant::new(role, site, theaters).expect_err("refused");
            assert!(problem.starts_with(field), "{role}: {problem}");
        }
        assert!(
            Role::parse("owner")
                .expect_err("unknown")
                .contains("theater-manager")
        );
    }
}
