-- The keyword columns the lists declare (platform/keyword.ts) get their trigram and pieces indexes; the
-- registration and admission lists are of people, so candidates get pinyin initials like students (0049).
ALTER TABLE "enrolment_candidates" ADD COLUMN "name_initials" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TRIGGER enrolment_candidates_name_initials BEFORE INSERT OR UPDATE OF name ON enrolment_candidates FOR EACH ROW EXECUTE FUNCTION campus_keep_name_initials();--> statement-breakpoint
UPDATE enrolment_candidates SET name_initials = campus_initials(name);--> statement-breakpoint
CREATE INDEX "roles_code_trgm_idx" ON "roles" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_code_grams_idx" ON "roles" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "roles_name_trgm_idx" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_name_grams_idx" ON "roles" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "export_logs_account_trgm_idx" ON "export_logs" USING gin ("account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "export_logs_account_grams_idx" ON "export_logs" USING gin (campus_grams(lower("account")));--> statement-breakpoint
CREATE INDEX "export_logs_list_key_trgm_idx" ON "export_logs" USING gin ("list_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "export_logs_list_key_grams_idx" ON "export_logs" USING gin (campus_grams(lower("list_key")));--> statement-breakpoint
CREATE INDEX "operation_logs_account_trgm_idx" ON "operation_logs" USING gin ("account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operation_logs_account_grams_idx" ON "operation_logs" USING gin (campus_grams(lower("account")));--> statement-breakpoint
CREATE INDEX "classes_code_trgm_idx" ON "classes" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "classes_code_grams_idx" ON "classes" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "classes_name_trgm_idx" ON "classes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "classes_name_grams_idx" ON "classes" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "classes_short_name_trgm_idx" ON "classes" USING gin ("short_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "classes_short_name_grams_idx" ON "classes" USING gin (campus_grams(lower("short_name")));--> statement-breakpoint
CREATE INDEX "classrooms_code_trgm_idx" ON "classrooms" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "classrooms_code_grams_idx" ON "classrooms" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "classrooms_name_trgm_idx" ON "classrooms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "classrooms_name_grams_idx" ON "classrooms" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "classrooms_building_trgm_idx" ON "classrooms" USING gin ("building" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "classrooms_building_grams_idx" ON "classrooms" USING gin (campus_grams(lower("building")));--> statement-breakpoint
CREATE INDEX "courses_code_trgm_idx" ON "courses" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_code_grams_idx" ON "courses" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "courses_name_trgm_idx" ON "courses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_name_grams_idx" ON "courses" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "courses_name_en_trgm_idx" ON "courses" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_name_en_grams_idx" ON "courses" USING gin (campus_grams(lower("name_en")));--> statement-breakpoint
CREATE INDEX "dictionary_items_code_trgm_idx" ON "dictionary_items" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_items_code_grams_idx" ON "dictionary_items" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "dictionary_items_name_trgm_idx" ON "dictionary_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_items_name_grams_idx" ON "dictionary_items" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "dictionary_items_name_en_trgm_idx" ON "dictionary_items" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_items_name_en_grams_idx" ON "dictionary_items" USING gin (campus_grams(lower("name_en")));--> statement-breakpoint
CREATE INDEX "dictionary_tables_table_name_trgm_idx" ON "dictionary_tables" USING gin ("table_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_tables_table_name_grams_idx" ON "dictionary_tables" USING gin (campus_grams(lower("table_name")));--> statement-breakpoint
CREATE INDEX "dictionary_tables_name_trgm_idx" ON "dictionary_tables" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_tables_name_grams_idx" ON "dictionary_tables" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "dictionary_tables_name_en_trgm_idx" ON "dictionary_tables" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_tables_name_en_grams_idx" ON "dictionary_tables" USING gin (campus_grams(lower("name_en")));--> statement-breakpoint
CREATE INDEX "exam_batches_name_trgm_idx" ON "exam_batches" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exam_batches_name_grams_idx" ON "exam_batches" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "org_units_code_trgm_idx" ON "org_units" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "org_units_code_grams_idx" ON "org_units" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "org_units_name_trgm_idx" ON "org_units" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "org_units_name_grams_idx" ON "org_units" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "school_years_code_trgm_idx" ON "school_years" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "school_years_code_grams_idx" ON "school_years" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "school_years_name_trgm_idx" ON "school_years" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "school_years_name_grams_idx" ON "school_years" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "staff_phone_trgm_idx" ON "staff" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "staff_phone_grams_idx" ON "staff" USING gin (campus_grams(lower("phone")));--> statement-breakpoint
CREATE INDEX "staff_appointments_scope_name_trgm_idx" ON "staff_appointments" USING gin ("scope_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "staff_appointments_scope_name_grams_idx" ON "staff_appointments" USING gin (campus_grams(lower("scope_name")));--> statement-breakpoint
CREATE INDEX "terms_code_trgm_idx" ON "terms" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terms_code_grams_idx" ON "terms" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "terms_name_trgm_idx" ON "terms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terms_name_grams_idx" ON "terms" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "buildings_code_trgm_idx" ON "buildings" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buildings_code_grams_idx" ON "buildings" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "buildings_name_trgm_idx" ON "buildings" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buildings_name_grams_idx" ON "buildings" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "custom_pages_param_trgm_idx" ON "custom_pages" USING gin ("param" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "custom_pages_param_grams_idx" ON "custom_pages" USING gin (campus_grams(lower("param")));--> statement-breakpoint
CREATE INDEX "custom_pages_title_trgm_idx" ON "custom_pages" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "custom_pages_title_grams_idx" ON "custom_pages" USING gin (campus_grams(lower("title")));--> statement-breakpoint
CREATE INDEX "home_cards_name_trgm_idx" ON "home_cards" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "home_cards_name_grams_idx" ON "home_cards" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "home_cards_name_en_trgm_idx" ON "home_cards" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "home_cards_name_en_grams_idx" ON "home_cards" USING gin (campus_grams(lower("name_en")));--> statement-breakpoint
CREATE INDEX "scheduled_jobs_code_trgm_idx" ON "scheduled_jobs" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scheduled_jobs_code_grams_idx" ON "scheduled_jobs" USING gin (campus_grams(lower("code")));--> statement-breakpoint
CREATE INDEX "scheduled_jobs_name_trgm_idx" ON "scheduled_jobs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scheduled_jobs_name_grams_idx" ON "scheduled_jobs" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "scheduled_jobs_name_en_trgm_idx" ON "scheduled_jobs" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scheduled_jobs_name_en_grams_idx" ON "scheduled_jobs" USING gin (campus_grams(lower("name_en")));--> statement-breakpoint
CREATE INDEX "assignments_title_trgm_idx" ON "assignments" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assignments_title_grams_idx" ON "assignments" USING gin (campus_grams(lower("title")));--> statement-breakpoint
CREATE INDEX "conduct_records_content_trgm_idx" ON "conduct_records" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conduct_records_content_grams_idx" ON "conduct_records" USING gin (campus_grams(lower("content")));--> statement-breakpoint
CREATE INDEX "notices_title_trgm_idx" ON "notices" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notices_title_grams_idx" ON "notices" USING gin (campus_grams(lower("title")));--> statement-breakpoint
CREATE INDEX "sms_messages_phone_trgm_idx" ON "sms_messages" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sms_messages_phone_grams_idx" ON "sms_messages" USING gin (campus_grams(lower("phone")));--> statement-breakpoint
CREATE INDEX "sms_messages_content_trgm_idx" ON "sms_messages" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sms_messages_content_grams_idx" ON "sms_messages" USING gin (campus_grams(lower("content")));--> statement-breakpoint
CREATE INDEX "above_school_awards_name_trgm_idx" ON "above_school_awards" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "above_school_awards_name_grams_idx" ON "above_school_awards" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "competition_prizes_name_trgm_idx" ON "competition_prizes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competition_prizes_name_grams_idx" ON "competition_prizes" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "competitions_title_trgm_idx" ON "competitions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitions_title_grams_idx" ON "competitions" USING gin (campus_grams(lower("title")));--> statement-breakpoint
CREATE INDEX "competitions_place_trgm_idx" ON "competitions" USING gin ("place" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "competitions_place_grams_idx" ON "competitions" USING gin (campus_grams(lower("place")));--> statement-breakpoint
CREATE INDEX "enrolment_candidates_name_trgm_idx" ON "enrolment_candidates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrolment_candidates_name_grams_idx" ON "enrolment_candidates" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "enrolment_candidates_name_initials_trgm_idx" ON "enrolment_candidates" USING gin ("name_initials" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrolment_candidates_name_initials_grams_idx" ON "enrolment_candidates" USING gin (campus_grams(lower("name_initials")));--> statement-breakpoint
CREATE INDEX "enrolment_candidates_id_number_trgm_idx" ON "enrolment_candidates" USING gin ("id_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrolment_candidates_id_number_grams_idx" ON "enrolment_candidates" USING gin (campus_grams(lower("id_number")));--> statement-breakpoint
CREATE INDEX "enrolment_candidates_guardian_phone_trgm_idx" ON "enrolment_candidates" USING gin ("guardian_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrolment_candidates_guardian_phone_grams_idx" ON "enrolment_candidates" USING gin (campus_grams(lower("guardian_phone")));--> statement-breakpoint
CREATE INDEX "enrolment_candidates_previous_school_trgm_idx" ON "enrolment_candidates" USING gin ("previous_school" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrolment_candidates_previous_school_grams_idx" ON "enrolment_candidates" USING gin (campus_grams(lower("previous_school")));--> statement-breakpoint
CREATE INDEX "teaching_classes_name_trgm_idx" ON "teaching_classes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teaching_classes_name_grams_idx" ON "teaching_classes" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "external_exams_name_trgm_idx" ON "external_exams" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "external_exams_name_grams_idx" ON "external_exams" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "external_exams_organiser_trgm_idx" ON "external_exams" USING gin ("organiser" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "external_exams_organiser_grams_idx" ON "external_exams" USING gin (campus_grams(lower("organiser")));--> statement-breakpoint
CREATE INDEX "score_batches_name_trgm_idx" ON "score_batches" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "score_batches_name_grams_idx" ON "score_batches" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "score_batches_exam_node_trgm_idx" ON "score_batches" USING gin ("exam_node" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "score_batches_exam_node_grams_idx" ON "score_batches" USING gin (campus_grams(lower("exam_node")));--> statement-breakpoint
CREATE INDEX "score_conversion_rules_name_trgm_idx" ON "score_conversion_rules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "score_conversion_rules_name_grams_idx" ON "score_conversion_rules" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "score_systems_name_trgm_idx" ON "score_systems" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "score_systems_name_grams_idx" ON "score_systems" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "student_groups_name_trgm_idx" ON "student_groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_groups_name_grams_idx" ON "student_groups" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "student_groups_remarks_trgm_idx" ON "student_groups" USING gin ("remarks" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_groups_remarks_grams_idx" ON "student_groups" USING gin (campus_grams(lower("remarks")));--> statement-breakpoint
CREATE INDEX "elective_declarations_name_trgm_idx" ON "elective_declarations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "elective_declarations_name_grams_idx" ON "elective_declarations" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "associations_name_trgm_idx" ON "associations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "associations_name_grams_idx" ON "associations" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "campus_events_title_trgm_idx" ON "campus_events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campus_events_title_grams_idx" ON "campus_events" USING gin (campus_grams(lower("title")));--> statement-breakpoint
CREATE INDEX "campus_events_host_trgm_idx" ON "campus_events" USING gin ("host" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campus_events_host_grams_idx" ON "campus_events" USING gin (campus_grams(lower("host")));--> statement-breakpoint
CREATE INDEX "campus_events_place_trgm_idx" ON "campus_events" USING gin ("place" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campus_events_place_grams_idx" ON "campus_events" USING gin (campus_grams(lower("place")));--> statement-breakpoint
CREATE INDEX "dorm_rooms_number_trgm_idx" ON "dorm_rooms" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dorm_rooms_number_grams_idx" ON "dorm_rooms" USING gin (campus_grams(lower("number")));--> statement-breakpoint
CREATE INDEX "discipline_records_description_trgm_idx" ON "discipline_records" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discipline_records_description_grams_idx" ON "discipline_records" USING gin (campus_grams(lower("description")));--> statement-breakpoint
CREATE INDEX "insurance_claims_place_trgm_idx" ON "insurance_claims" USING gin ("place" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "insurance_claims_place_grams_idx" ON "insurance_claims" USING gin (campus_grams(lower("place")));--> statement-breakpoint
CREATE INDEX "insurance_companies_name_trgm_idx" ON "insurance_companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "insurance_companies_name_grams_idx" ON "insurance_companies" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "insurance_policies_policy_no_trgm_idx" ON "insurance_policies" USING gin ("policy_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "insurance_policies_policy_no_grams_idx" ON "insurance_policies" USING gin (campus_grams(lower("policy_no")));--> statement-breakpoint
CREATE INDEX "insurance_policies_coverage_trgm_idx" ON "insurance_policies" USING gin ("coverage" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "insurance_policies_coverage_grams_idx" ON "insurance_policies" USING gin (campus_grams(lower("coverage")));--> statement-breakpoint
CREATE INDEX "lab_bookings_experiment_trgm_idx" ON "lab_bookings" USING gin ("experiment" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lab_bookings_experiment_grams_idx" ON "lab_bookings" USING gin (campus_grams(lower("experiment")));--> statement-breakpoint
CREATE INDEX "lab_bookings_note_trgm_idx" ON "lab_bookings" USING gin ("note" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lab_bookings_note_grams_idx" ON "lab_bookings" USING gin (campus_grams(lower("note")));--> statement-breakpoint
CREATE INDEX "class_fund_entries_purpose_trgm_idx" ON "class_fund_entries" USING gin ("purpose" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "class_fund_entries_purpose_grams_idx" ON "class_fund_entries" USING gin (campus_grams(lower("purpose")));--> statement-breakpoint
CREATE INDEX "class_fund_entries_handler_trgm_idx" ON "class_fund_entries" USING gin ("handler" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "class_fund_entries_handler_grams_idx" ON "class_fund_entries" USING gin (campus_grams(lower("handler")));--> statement-breakpoint
CREATE INDEX "class_fund_entries_notes_trgm_idx" ON "class_fund_entries" USING gin ("notes" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "class_fund_entries_notes_grams_idx" ON "class_fund_entries" USING gin (campus_grams(lower("notes")));--> statement-breakpoint
CREATE INDEX "class_records_title_trgm_idx" ON "class_records" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "class_records_title_grams_idx" ON "class_records" USING gin (campus_grams(lower("title")));--> statement-breakpoint
CREATE INDEX "ability_templates_name_trgm_idx" ON "ability_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ability_templates_name_grams_idx" ON "ability_templates" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "attribute_templates_name_trgm_idx" ON "attribute_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "attribute_templates_name_grams_idx" ON "attribute_templates" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "evaluation_sets_name_trgm_idx" ON "evaluation_sets" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "evaluation_sets_name_grams_idx" ON "evaluation_sets" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "knowledge_points_name_trgm_idx" ON "knowledge_points" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_points_name_grams_idx" ON "knowledge_points" USING gin (campus_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "open_classes_topic_trgm_idx" ON "open_classes" USING gin ("topic" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "open_classes_topic_grams_idx" ON "open_classes" USING gin (campus_grams(lower("topic")));--> statement-breakpoint
CREATE INDEX "research_meetings_topic_trgm_idx" ON "research_meetings" USING gin ("topic" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "research_meetings_topic_grams_idx" ON "research_meetings" USING gin (campus_grams(lower("topic")));--> statement-breakpoint
CREATE INDEX "research_meetings_place_trgm_idx" ON "research_meetings" USING gin ("place" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "research_meetings_place_grams_idx" ON "research_meetings" USING gin (campus_grams(lower("place")));--> statement-breakpoint
CREATE INDEX "surveys_title_trgm_idx" ON "surveys" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surveys_title_grams_idx" ON "surveys" USING gin (campus_grams(lower("title")));