//! The hardware catalogue's write side and read models against PostgreSQL (the HTTP
//! routes come with the admin sign-in).

use aggregates::hardware_item::{Brand, HardwareCommand, HardwareFields, Image, ItemStatus};
use aggregates::pricing::Pence;
use api::app::state::AppState;
use cqrs_es::persist::ViewRepository;
use projections::hardware::{audit_page, AuditCursor};

use crate::helpers::spawn_app;

fn phone() -> HardwareFields {
    HardwareFields {
        name: "Yealink T54W".into(),
        brand: Some(Brand::Yealink),
        model: "T54W".into(),
        price: Pence(11900),
        features: vec!["Wi-Fi".into()],
        compatibility: vec!["SIP 2.0".into()],
        ..HardwareFields::default()
    }
}

#[tokio::test]
async fn every_catalogue_change_lands_in_the_view_and_the_audit_log_with_its_admin() {
    let app = spawn_app().await;
    let state = AppState::new(app.pool.clone());
    let id = "7d8c6c3e-1b7a-4f0e-9d0e-1a2b3c4d5e6f";
    let run = |command: HardwareCommand| {
        let state = state.clone();
        async move { state.hardware.cqrs.execute(&store::commands::Context::system(), id, command).await.unwrap() }
    };
    run(HardwareCommand::Create { fields: phone(), actor: "ann@example.com".into() }).await;
    run(HardwareCommand::SetStatus { status: ItemStatus::Published, actor: "ann@example.com".into() }).await;
    let image = Image { id: "img1".into(), url: "/api/hardware-images/img1".into(), filename: "front.png".into() };
    run(HardwareCommand::AttachImage { image, actor: "ann@example.com".into() }).await;
    run(HardwareCommand::Update {
        fields: HardwareFields { price: Pence(10900), ..phone() },
        actor: "bob@example.com".into(),
    })
    .await;
    run(HardwareCommand::Delete { actor: "bob@example.com".into() }).await;

    let view = state.hardware.views.load(id).await.unwrap().unwrap();
    assert!(view.item.deleted);
    assert_eq!(view.item.fields.as_ref().unwrap().price, Pence(10900));
    assert_eq!(view.item.images.len(), 1);
    assert_eq!(view.last_sequence, 5);

    let rows = audit_page(&app.pool, Some(id), None, None, 50).await.unwrap();
    assert_eq!(rows.len(), 5);
    let actions: Vec<(&str, &str)> = rows.iter().rev().map(|r| (r.action.as_str(), r.actor.as_str())).collect();
    assert_eq!(
        actions,
        vec![
            ("created", "ann@example.com"),
            ("status changed", "ann@example.com"),
            ("image added", "ann@example.com"),
            ("updated", "bob@example.com"),
            ("deleted", "bob@example.com"),
        ]
    );
    let update = rows.iter().find(|r| r.action == "updated").unwrap();
    assert_eq!(update.changes, serde_json::json!([{ "field": "price", "from": 11900, "to": 10900 }]));
    assert!(rows.iter().all(|r| r.item_name == "Yealink T54W"));
    let by_bob = audit_page(&app.pool, None, Some("bob@example.com"), None, 1).await.unwrap();
    assert_eq!(by_bob.len(), 1);
    assert_eq!(by_bob[0].action, "deleted", "newest first");
    let older = AuditCursor::decode(&AuditCursor::of(&by_bob[0]).encode());
    let rest = audit_page(&app.pool, None, Some("bob@example.com"), older, 50).await.unwrap();
    assert_eq!(rest.iter().map(|r| r.action.as_str()).collect::<Vec<_>>(), ["updated"], "the page after bob's newest");
}
