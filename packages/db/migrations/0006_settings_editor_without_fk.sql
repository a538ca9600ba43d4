ALTER TABLE "product_settings" DROP CONSTRAINT "product_settings_updated_by_users_id_fk";
