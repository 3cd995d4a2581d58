use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::pricing::Pence;

/// The most images one item may carry.
pub const MAX_IMAGES: usize = 10;
const MAX_TEXT: usize = 200;
const MAX_LONG_TEXT: usize = 5000;
const MAX_LIST: usize = 30;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Brand {
    Grandstream,
    Yealink,
    Polycom,
    Cisco,
}

impl Brand {
    pub const ALL: [Brand; 4] = [Brand::Grandstream, Brand::Yealink, Brand::Polycom, Brand::Cisco];

    pub fn as_str(self) -> &'static str {
        match self {
            Brand::Grandstream => "grandstream",
            Brand::Yealink => "yealink",
            Brand::Polycom => "polycom",
            Brand::Cisco => "cisco",
        }
    }

    pub fn parse(text: &str) -> Option<Brand> {
        Brand::ALL.into_iter().find(|b| b.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// What an admin edits. Prices in pence, weight in grams, rating in half stars (2 to 10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardwareFields {
    pub name: String,
    pub brand: Option<Brand>,
    pub model: String,
    pub sku: String,
    pub price: Pence,
    pub original_price: Option<Pence>,
    pub gross_weight_grams: Option<u32>,
    pub short_desc: String,
    pub description: String,
    pub features: Vec<String>,
    pub compatibility: Vec<String>,
    pub rating_halves: u8,
    pub in_stock: bool,
    pub specs: BTreeMap<String, String>,
}

impl Default for HardwareFields {
    fn default() -> Self {
        HardwareFields {
            name: String::new(),
            brand: None,
            model: String::new(),
            sku: String::new(),
            price: Pence::ZERO,
            original_price: None,
            gross_weight_grams: None,
            short_desc: String::new(),
            description: String::new(),
            features: Vec::new(),
            compatibility: Vec::new(),
            rating_halves: 10,
            in_stock: true,
            specs: BTreeMap::new(),
        }
    }
}

/// One field an update changed, as the audit log shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldChange {
    pub field: String,
    pub from: serde_json::Value,
    pub to: serde_json::Value,
}

fn clean_list(items: &[String]) -> Vec<String> {
    items.iter().map(|i| i.trim().to_string()).filter(|i| !i.is_empty()).collect()
}

impl HardwareFields {
    /// Trims texts, drops blank list entries, and checks every rule; the messages are the
    /// admin form's (docs/product-rules.md, Hardware catalogue and admin), all of them at once.
    pub fn validated(self) -> Result<HardwareFields, Vec<String>> {
        let fields = HardwareFields {
            name: self.name.trim().to_string(),
            model: self.model.trim().to_string(),
            sku: self.sku.trim().to_string(),
            short_desc: self.short_desc.trim().to_string(),
            description: self.description.trim().to_string(),
            features: clean_list(&self.features),
            compatibility: clean_list(&self.compatibility),
            specs: self
                .specs
                .iter()
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .filter(|(k, v)| !k.is_empty() && !v.is_empty())
                .collect(),
            ..self
        };
        let mut errors = Vec::new();
        if fields.name.is_empty() {
            errors.push("Product name is required".to_string());
        }
        if fields.brand.is_none() {
            errors.push("Brand is required".to_string());
        }
        if fields.model.is_empty() {
            errors.push("Model is required".to_string());
        }
        if fields.price.0 <= 0 {
            errors.push("Valid price is required".to_string());
        }
        if fields.original_price.is_some_and(|p| p.0 < 0) {
            errors.push("Original price cannot be negative".to_string());
        }
        if fields.features.is_empty() {
            errors.push("At least one feature is required".to_string());
        }
        if fields.compatibility.is_empty() {
            errors.push("At least one compatibility item is required".to_string());
        }
        if !(2..=10).contains(&fields.rating_halves) {
            errors.push("Rating must be from 1 to 5 in half stars".to_string());
        }
        let texts = [&fields.name, &fields.model, &fields.sku, &fields.short_desc];
        let lists =
            fields.features.iter().chain(&fields.compatibility).chain(fields.specs.keys()).chain(fields.specs.values());
        if texts.iter().any(|t| t.chars().count() > MAX_TEXT)
            || lists.clone().any(|t| t.chars().count() > MAX_TEXT)
            || fields.description.chars().count() > MAX_LONG_TEXT
        {
            errors.push("A text is too long".to_string());
        }
        if fields.features.len() > MAX_LIST || fields.compatibility.len() > MAX_LIST || fields.specs.len() > MAX_LIST {
            errors.push(format!("At most {MAX_LIST} features, compatibility items and specifications each"));
        }
        if errors.is_empty() {
            Ok(fields)
        } else {
            Err(errors)
        }
    }

    /// The fields that differ, by their wire names, with old and new values.
    pub fn changes_to(&self, new: &HardwareFields) -> Vec<FieldChange> {
        let (old, new) = (as_map(self), as_map(new));
        old.iter()
            .filter(|(field, value)| new.get(*field) != Some(value))
            .map(|(field, value)| FieldChange {
                field: field.clone(),
                from: value.clone(),
                to: new.get(field).cloned().unwrap_or(serde_json::Value::Null),
            })
            .collect()
    }
}

fn as_map(fields: &HardwareFields) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(fields) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    }
}
